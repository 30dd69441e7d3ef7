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

export const SAVED_KEY = 'tertulia.im.open';

/**
 * Which conversations are open (dialogs or the page) and focused, and who is typing where.
 * The open dialogs are remembered in sessionStorage so they reopen after a page load.
 */
export class ImStore extends Store<ImState> {
  constructor(private storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSession()) {
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
    try {
      const value = JSON.parse(this.storage?.getItem(SAVED_KEY) ?? '[]');
      return Array.isArray(value)
        ? value.filter((v): v is ConversationRef => typeof v?.conversationId === 'number')
        : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    const refs = this.state.open
      .filter((v) => v.dialogKey !== undefined)
      .map(({ conversationId, ownerId, type }) => ({ conversationId, ownerId, type }));
    try {
      this.storage?.setItem(SAVED_KEY, JSON.stringify(refs));
    } catch {
      // Private mode or full storage: the windows simply will not come back.
    }
  }
}

function same(
  a: Pick<OpenView, 'conversationId' | 'dialogKey'>,
  b: Pick<OpenView, 'conversationId' | 'dialogKey'>,
) {
  return a.conversationId === b.conversationId && a.dialogKey === b.dialogKey;
}

function safeSession(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
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
