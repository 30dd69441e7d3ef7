/**
 * The messages between a game's frame and the Tertulia page that hosts it (docs/games-container.md). The
 * game posts a request; the host answers once with a result or an error under the same id. The
 * host trusts nothing here: it checks every request against `validateRequest`, fixes the game
 * from its own page and calls our server with the member's session, which the frame never sees.
 */

/** Marks our messages among whatever else a page may post. */
export const PROTOCOL = 'tertulia-games/1';

/** Leaderboard scopes a game may read. */
export const LEADERBOARD_SCOPES = ['friends', 'global', 'weekly'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

/** Feed event types a game may post (spec: game events 100-103, realtime game 202). */
export const GAME_FEED_EVENTS = [100, 101, 102, 103, 202] as const;
export type GameFeedEventType = (typeof GAME_FEED_EVENTS)[number];

export interface Player {
  userId: number;
  name: string;
  image?: string;
  /** The member's language: 'es' (default) or 'en'. */
  locale: string;
}
export interface Friend {
  userId: number;
  name: string;
  image?: string;
  /** Whether the friend has played this game. */
  plays: boolean;
  online?: boolean;
}
export interface LeaderboardEntry {
  rank: number;
  score: number;
  scoreFormatted?: string;
  userId: number;
  userName: string;
  userImage1?: string;
  timestamp: number;
}
/** A score as recorded: the player's best on the global board after it. */
export interface ScoreResult {
  /** The player's best score (this one when it beat the last). */
  best: number;
  rank?: number;
  scoreFormatted?: string;
}
/** A reward granted (or, for a key already used, the one granted then). */
export interface Reward {
  id: number;
  amount: number;
  /** 'gold' or 'love'. */
  currency: string;
}
export interface GameToken {
  token: string;
  /** Epoch ms after which the game's server must ask for a new one. */
  expiresAt?: number;
}

/** Each method: what the game sends, what it gets back. */
export interface Methods {
  getPlayer: { params: Record<string, never>; result: Player };
  getToken: { params: Record<string, never>; result: GameToken };
  getFriends: { params: { playing?: boolean }; result: Friend[] };
  submitScore: { params: { score: number }; result: ScoreResult };
  getLeaderboard: { params: { scope: LeaderboardScope }; result: LeaderboardEntry[] };
  setPresence: { params: { gameStatus: string; gameStatusUrl?: string }; result: true };
  postFeedEvent: { params: { type: GameFeedEventType; text: string; targetUserId?: number }; result: true };
  grantReward: { params: { amount: number; reason: string; key: string }; result: Reward };
  keepAlive: { params: Record<string, never>; result: true };
  openGiftDialog: { params: { userId: number }; result: true };
  openIm: { params: { userId: number }; result: true };
  inviteFriend: { params: { userId: number; message?: string }; result: true };
  /** One of the game's own server calls (a built-in game's module: its call names start with its slug). */
  callGame: { params: { name: string; params?: Record<string, unknown> }; result: unknown };
}
export type MethodName = keyof Methods;
export type ParamsOf<M extends MethodName> = Methods[M]['params'];
export type ResultOf<M extends MethodName> = Methods[M]['result'];

/** Why a call failed, as the game sees it. */
export type ErrorKind =
  | 'invalid' // the game sent something the host refuses (unknown method, bad argument)
  | 'rate_limited' // too many messages: the host throttles a flooding game
  | 'forbidden' // the server refused (over a cap, not a friend, not this game's)
  | 'login_required' // the member's session ended
  | 'timeout' // no answer in time (SDK side)
  | 'server'; // anything else the server answered

export interface RequestMessage<M extends MethodName = MethodName> {
  protocol: typeof PROTOCOL;
  id: string;
  method: M;
  params: ParamsOf<M>;
}
export type ResponseMessage =
  | { protocol: typeof PROTOCOL; id: string; ok: true; result: unknown }
  | { protocol: typeof PROTOCOL; id: string; ok: false; error: { kind: ErrorKind; message: string } };

export const LIMITS = {
  /** Longest id, status, reason and message a request may carry. */
  id: 64,
  gameStatus: 140,
  gameStatusUrl: 500,
  feedText: 140,
  reason: 100,
  message: 200,
  /** Idempotency keys: 8 to 100 of A-Z a-z 0-9 _ : . - */
  key: 100,
  /** Largest reward one call may ask for; the server applies the game's own daily cap. */
  rewardAmount: 100_000,
  /** A game's own call: its name, and the size of its params as JSON. */
  callName: 64,
  callParams: 8 * 1024,
} as const;

type Check = (params: Record<string, unknown>) => string | undefined;

const isId = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 31 - 1;
const text = (v: unknown, max: number, required: boolean) =>
  v === undefined
    ? !required
    : typeof v === 'string' && v.length <= max && (!required || v.trim().length > 0);
const only =
  (allowed: readonly string[], check: Check = () => undefined): Check =>
  (p) =>
    Object.keys(p).find((k) => !allowed.includes(k)) ?? check(p);

/** The argument checks of each method: the name of the first bad argument, or undefined. */
const CHECKS: Record<MethodName, Check> = {
  getPlayer: only([]),
  getToken: only([]),
  keepAlive: only([]),
  getFriends: only(['playing'], (p) =>
    p.playing === undefined || typeof p.playing === 'boolean' ? undefined : 'playing',
  ),
  submitScore: only(['score'], (p) =>
    typeof p.score === 'number' && Number.isFinite(p.score) ? undefined : 'score',
  ),
  getLeaderboard: only(['scope'], (p) =>
    LEADERBOARD_SCOPES.includes(p.scope as LeaderboardScope) ? undefined : 'scope',
  ),
  setPresence: only(['gameStatus', 'gameStatusUrl'], (p) =>
    !text(p.gameStatus, LIMITS.gameStatus, false) || p.gameStatus === undefined
      ? 'gameStatus'
      : !text(p.gameStatusUrl, LIMITS.gameStatusUrl, false)
        ? 'gameStatusUrl'
        : undefined,
  ),
  postFeedEvent: only(['type', 'text', 'targetUserId'], (p) =>
    !GAME_FEED_EVENTS.includes(p.type as GameFeedEventType)
      ? 'type'
      : !text(p.text, LIMITS.feedText, true)
        ? 'text'
        : p.targetUserId !== undefined && !isId(p.targetUserId)
          ? 'targetUserId'
          : undefined,
  ),
  grantReward: only(['amount', 'reason', 'key'], (p) =>
    !(
      Number.isSafeInteger(p.amount) &&
      (p.amount as number) > 0 &&
      (p.amount as number) <= LIMITS.rewardAmount
    )
      ? 'amount'
      : !text(p.reason, LIMITS.reason, true)
        ? 'reason'
        : !(typeof p.key === 'string' && /^[A-Za-z0-9_:.-]{8,100}$/.test(p.key))
          ? 'key'
          : undefined,
  ),
  openGiftDialog: only(['userId'], (p) => (isId(p.userId) ? undefined : 'userId')),
  openIm: only(['userId'], (p) => (isId(p.userId) ? undefined : 'userId')),
  inviteFriend: only(['userId', 'message'], (p) =>
    !isId(p.userId) ? 'userId' : !text(p.message, LIMITS.message, false) ? 'message' : undefined,
  ),
  callGame: only(['name', 'params'], (p) =>
    !(typeof p.name === 'string' && p.name.length <= LIMITS.callName && /^[a-z][A-Za-z0-9]+$/.test(p.name))
      ? 'name'
      : p.params !== undefined && !(isObject(p.params) && jsonSize(p.params) <= LIMITS.callParams)
        ? 'params'
        : undefined,
  ),
};

/** The size of a value as JSON, or Infinity when it is not JSON (cycles, BigInt). */
function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export const METHOD_NAMES = Object.keys(CHECKS) as MethodName[];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A message from a frame, checked whole: our protocol, a short string id, a known method and
 * arguments of the right kinds and sizes. Answers the request, or why it is refused (with the id
 * when there is one, so the game's promise still settles).
 */
export function validateRequest(
  data: unknown,
):
  | { ok: true; request: RequestMessage }
  | { ok: false; id?: string; reason: string }
  | { ok: false; ignore: true } {
  if (!isObject(data) || data.protocol !== PROTOCOL) return { ok: false, ignore: true };
  const id =
    typeof data.id === 'string' && data.id.length > 0 && data.id.length <= LIMITS.id ? data.id : undefined;
  if (!id) return { ok: false, reason: 'id' };
  const method = data.method;
  if (typeof method !== 'string' || !Object.hasOwn(CHECKS, method))
    return { ok: false, id, reason: 'method' };
  const params = data.params === undefined ? {} : data.params;
  if (!isObject(params)) return { ok: false, id, reason: 'params' };
  const bad = CHECKS[method as MethodName](params);
  if (bad) return { ok: false, id, reason: bad };
  return {
    ok: true,
    request: { protocol: PROTOCOL, id, method: method as MethodName, params: params as never },
  };
}

/**
 * A live event the host forwards to the game (a `gameEvent` push of the server for this game, or
 * `reconnected` when the page's push channel came back and the game should re-read its state).
 */
export interface EventMessage {
  protocol: typeof PROTOCOL;
  event: string;
  data: unknown;
}
/** The event the host sends when its push channel reconnected (events may have been missed). */
export const RECONNECTED_EVENT = 'reconnected';

/** An event from the host, checked on the game's side. */
export function isEvent(data: unknown): data is EventMessage {
  return isObject(data) && data.protocol === PROTOCOL && typeof data.event === 'string' && !('id' in data);
}

/** A response to a request, checked on the game's side. */
export function isResponse(data: unknown): data is ResponseMessage {
  return (
    isObject(data) &&
    data.protocol === PROTOCOL &&
    typeof data.id === 'string' &&
    typeof data.ok === 'boolean'
  );
}
