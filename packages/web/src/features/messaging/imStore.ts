import { ClientCache } from '../../ui/cache/clientCache';
import { Store } from '../../ui/store';
import { TYPING_SHOW_MS } from './rules';

/** A conversation as the IM windows name it. */
export interface ConversationRef {
  conversationId: number;
  ownerId?: number;
  type?: number;
}

export interface OpenView extends ConversationRef {
  /** The dialog host's key (undefined for the conversation page). */
  dialogKey?: number;
  focused: boolean;
}

export interface TypingState {
  name: string;
  until: number;
}

interface ImState {
  open: readonly OpenView[];
  typing: Readonly<Record<number, TypingState>>;
  /** Offline mail that arrived by push since the inbox was last seen. */
  newMail: number;
}

/** The conversation cache entry: the windows open in this tab, with their conversation ids. */
export const SAVED_KEY = 'im.current';
/** Windows left open for more than a day do not come back. */
export const SAVED_TTL_MS = 86_400_000;

type SavedCache = Pick<ClientCache, 'get' | 'set'>;
interface SavedEntry {
  conversations: ConversationRef[];
}

/**
 * Which conversations are open (dialogs or the page) and focused, and who is typing where.
 * The open dialogs are remembered in the client cache (over this tab's sessionStorage, a cookie
 * where that is blocked) so they reopen after a page load.
 */
export class ImStore extends Store<ImState> {
  constructor(private cache: SavedCache | undefined = sessionCache()) {
    super({ open: [], typing: {}, newMail: 0 });
  }

  viewOpened(view: OpenView): void {
    const open = [...this.state.open.filter((v) => !same(v, view)), view];
    this.setState({ ...this.state, open });
    this.save();
  }

  viewClosed(view: Pick<OpenView, 'conversationId' | 'dialogKey'>): void {
    this.setState({ ...this.state, open: this.state.open.filter((v) => !same(v, view)) });
    this.save();
  }

  /** Views whose dialog no longer exists (closed before it mounted) are forgotten. */
  prune(liveDialogKeys: ReadonlySet<number>): void {
    const open = this.state.open.filter((v) => v.dialogKey === undefined || liveDialogKeys.has(v.dialogKey));
    if (open.length !== this.state.open.length) {
      this.setState({ ...this.state, open });
      this.save();
    }
  }

  setFocused(conversationId: number, dialogKey: number | undefined, focused: boolean): void {
    this.setState({
      ...this.state,
      open: this.state.open.map((v) =>
        v.conversationId === conversationId && v.dialogKey === dialogKey ? { ...v, focused } : v,
      ),
    });
  }

  isOpen(conversationId: number): boolean {
    return this.state.open.some((v) => v.conversationId === conversationId);
  }

  isFocused(conversationId: number): boolean {
    return this.state.open.some((v) => v.conversationId === conversationId && v.focused);
  }

  dialogFor(conversationId: number): number | undefined {
    return this.state.open.find((v) => v.conversationId === conversationId && v.dialogKey !== undefined)
      ?.dialogKey;
  }

  typing(conversationId: number, name: string, now = Date.now()): void {
    this.setState({
      ...this.state,
      typing: { ...this.state.typing, [conversationId]: { name, until: now + TYPING_SHOW_MS } },
    });
  }

  stopTyping(conversationId: number): void {
    if (!(conversationId in this.state.typing)) return;
    const { [conversationId]: _gone, ...rest } = this.state.typing;
    this.setState({ ...this.state, typing: rest });
  }

  whoIsTyping(conversationId: number, now = Date.now()): string | undefined {
    const entry = this.state.typing[conversationId];
    return entry && entry.until > now ? entry.name : undefined;
  }

  mailArrived(): void {
    this.setState({ ...this.state, newMail: this.state.newMail + 1 });
  }

  mailSeen(): void {
    if (this.state.newMail > 0) this.setState({ ...this.state, newMail: 0 });
  }

  /** The dialogs to reopen after a page load. */
  saved(): ConversationRef[] {
    const value = this.cache?.get<SavedEntry>(SAVED_KEY)?.conversations;
    return Array.isArray(value)
      ? value.filter((v): v is ConversationRef => typeof v?.conversationId === 'number')
      : [];
  }

  /** A conversation left (here or in another tab) leaves the saved entry too. */
  forget(conversationId: number): void {
    const conversations = this.saved().filter((c) => c.conversationId !== conversationId);
    this.cache?.set<SavedEntry>(SAVED_KEY, { conversations }, SAVED_TTL_MS);
  }

  private save(): void {
    const refs = this.state.open
      .filter((v) => v.dialogKey !== undefined)
      .map(({ conversationId, ownerId, type }) => ({ conversationId, ownerId, type }));
    this.cache?.set<SavedEntry>(SAVED_KEY, { conversations: refs }, SAVED_TTL_MS);
  }
}

function same(
  a: Pick<OpenView, 'conversationId' | 'dialogKey'>,
  b: Pick<OpenView, 'conversationId' | 'dialogKey'>,
) {
  return a.conversationId === b.conversationId && a.dialogKey === b.dialogKey;
}

function sessionCache(): SavedCache {
  let storage: Storage | undefined;
  try {
    storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    storage = undefined; // blocked: the cache falls back to a cookie
  }
  return new ClientCache(storage);
}

export const imStore = new ImStore();

/** Saved conversations do not reopen on the gold, admin and message-view pages. */
export function skipsReopen(pathname: string): boolean {
  return (
    pathname.startsWith('/html/gold/') ||
    pathname.startsWith('/html/admin/') ||
    pathname.startsWith('/admin') ||
    pathname === '/html/online/message-view.jsp'
  );
}
