import {
  type ErrorKind,
  type GameFeedEventType,
  isEvent,
  isResponse,
  type LeaderboardScope,
  type MethodName,
  type ParamsOf,
  PROTOCOL,
  type ResultOf,
} from './protocol';

/** A refused or failed call: `kind` says why, `message` says it in the player's language. */
export class GameSdkError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'GameSdkError';
  }
}

/** The two ends of the conversation: where requests go, where answers come from. */
export interface Transport {
  /** The host page (the game frame's parent). */
  target: Pick<Window, 'postMessage'>;
  /** Where the host's answers arrive (the game's own window). */
  source: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface GameClientOptions {
  /** How long a call waits for the host before failing with kind 'timeout' (default 10 s). */
  timeoutMs?: number;
  /** Defaults to the frame's parent and the frame's window. */
  transport?: Transport;
}

let counter = 0;
/** A correlation id unique within this frame (the host only echoes it). */
const nextId = () =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The game's side of the SDK: every call posts one request to the host page and resolves with
 * its answer, or rejects with a GameSdkError (the host's refusal, or a timeout).
 */
export function createGameClient(options: GameClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = options.transport ?? { target: window.parent, source: window };
  const pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();

  const listeners = new Map<string, Set<(data: unknown) => void>>();

  const onMessage = (event: Event) => {
    const data = (event as MessageEvent).data;
    if (isEvent(data)) {
      for (const listener of listeners.get(data.event) ?? []) listener(data.data);
      return;
    }
    if (!isResponse(data)) return;
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    clearTimeout(call.timer);
    if (data.ok) call.resolve(data.result);
    else call.reject(new GameSdkError(data.error.kind, data.error.message));
  };
  transport.source.addEventListener('message', onMessage);

  function request<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    const id = nextId();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new GameSdkError('timeout', `${method}: no answer from Tertulia in ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      // '*': the game cannot know the host's origin in advance; nothing secret is in a request.
      transport.target.postMessage({ protocol: PROTOCOL, id, method, params }, '*');
    });
  }

  return {
    /** Who is playing, and their language. */
    getPlayer: () => request('getPlayer', {}),
    /** A short-lived token for this game and this player, for the game's own server. */
    getToken: () => request('getToken', {}),
    /** The player's friends; `playing: true` keeps those who play this game. */
    getFriends: (filter: { playing?: boolean } = {}) => request('getFriends', filter),
    /** Submits a score; the server checks the game's range and rate. */
    submitScore: (score: number) => request('submitScore', { score }),
    /** A leaderboard: 'friends', 'global' or 'weekly'. */
    getLeaderboard: (scope: LeaderboardScope) => request('getLeaderboard', { scope }),
    /** What the player is doing, shown on their profile. */
    setPresence: (gameStatus: string, gameStatusUrl?: string) =>
      request('setPresence', gameStatusUrl === undefined ? { gameStatus } : { gameStatus, gameStatusUrl }),
    /** Posts a game event (100-103, or 202 playing now) to the player's friends' feeds; `targetUserId`: a friend it is about. */
    postFeedEvent: (type: GameFeedEventType, text: string, targetUserId?: number) =>
      request('postFeedEvent', targetUserId === undefined ? { type, text } : { type, text, targetUserId }),
    /** Grants gold (or love) within the game's declared daily cap; the same key (8-100 of A-Za-z0-9_:.-) never pays twice. */
    grantReward: (amount: number, reason: string, key: string) =>
      request('grantReward', { amount, reason, key }),
    /** Keeps the game session alive during long play. */
    keepAlive: () => request('keepAlive', {}),
    /** Opens Tertulia's gift dialog for a friend. */
    openGiftDialog: (userId: number) => request('openGiftDialog', { userId }),
    /** Opens an instant message with a friend. */
    openIm: (userId: number) => request('openIm', { userId }),
    /** Invites a friend to this game (a push and a message with a link). */
    inviteFriend: (userId: number, message?: string) =>
      request('inviteFriend', message === undefined ? { userId } : { userId, message }),
    /**
     * One of the game's own server calls (a built-in game: a `game/<slug>...` call of its module);
     * the host adds the game and the token, and answers the server's result or refusal.
     */
    call: <R = unknown>(name: string, params: Record<string, unknown> = {}) =>
      request('callGame', { name, params }) as Promise<R>,
    /**
     * Listens for a live event from the game's server (`publishGameEvent`), or `reconnected`
     * (RECONNECTED_EVENT) when the page's push channel came back. Returns the unsubscribe.
     */
    on: (name: string, listener: (data: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    /** Stops listening; pending calls fail with a timeout. */
    close: () => transport.source.removeEventListener('message', onMessage),
  };
}
export type GameClient = ReturnType<typeof createGameClient>;
