import type { LeaderboardItem, User } from '@tertulia/contract';
import type {
  Friend,
  LeaderboardEntry,
  LeaderboardScope,
  Player,
  Reward,
  ScoreResult,
} from '@tertulia/games-sdk/protocol';
import { isApiError } from '../../api/errors';
import { BridgeError, type BridgeHandlers } from './bridge';

/**
 * What the host needs from our API and the page, for ONE game and ONE member: the page builds it
 * (GameFrame.tsx) from the game of its address and the session, so nothing here takes a game id
 * or a member id from the frame (docs/games-container.md).
 */
export interface GameHost {
  player: Player;
  token: () => Promise<{ token: string; expiresAt?: number }>;
  friends: () => Promise<Array<User & { playsThis?: boolean }>>;
  submitScore: (score: number) => Promise<ScoreResult>;
  leaderboard: (scope: LeaderboardScope) => Promise<LeaderboardItem[]>;
  setPresence: (gameStatus: string, gameStatusUrl?: string) => Promise<unknown>;
  postFeedEvent: (type: number, text: string, targetUserId?: number) => Promise<unknown>;
  grantReward: (amount: number, reason: string, key: string) => Promise<Reward>;
  keepAlive: () => Promise<unknown>;
  /** The server checks the friendship and its own daily bound. */
  invite: (friendId: number, message?: string) => Promise<unknown>;
  openGift: (friend: User) => void;
  openIm: (friend: User) => void;
  /** One of the game's own server calls; refused unless the game's module has it. */
  call: (name: string, params: Record<string, unknown>) => Promise<unknown>;
  texts: { notFriend: string };
}

const toFriend = (u: User & { playsThis?: boolean }): Friend => ({
  userId: u.uid,
  name: u.name ?? '',
  image: u.image1,
  plays: !!u.playsThis,
  online: u.onlineStatus === undefined ? undefined : u.onlineStatus !== 'invisible',
});

const toEntry = (item: LeaderboardItem, index: number): LeaderboardEntry => ({
  rank: item.rank ?? index + 1,
  score: item.score ?? 0,
  scoreFormatted: item.scoreFormatted,
  userId: item.userId ?? 0,
  userName: item.userName ?? '',
  userImage1: item.userImage1,
  timestamp: item.timestamp ?? 0,
});

/** Our API's refusals, as the game sees them: the kind, and the server's words. */
function refusal(error: unknown): never {
  if (isApiError(error)) {
    const kind =
      error.kind === 'ApiLoginRequiredException'
        ? 'login_required'
        : error.kind === 'ApiRateLimitException'
          ? 'rate_limited'
          : error.kind === 'ApiValidationException'
            ? 'invalid'
            : error.status >= 400 && error.status < 500
              ? 'forbidden'
              : 'server';
    throw new BridgeError(kind, error.message);
  }
  throw error;
}
const guarded =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    fn(...args).catch(refusal);

/** The SDK's methods, each answered for the page's game and member. */
export function hostHandlers(host: GameHost): BridgeHandlers {
  // The gift dialog and an IM open only for the member's friends, looked up here, never taken on the frame's word.
  const friend = async (userId: number) => {
    const found = (await host.friends().catch(refusal)).find((u) => u.uid === userId);
    if (!found) throw new BridgeError('forbidden', host.texts.notFriend);
    return found;
  };
  return {
    getPlayer: async () => host.player,
    getToken: guarded(() => host.token()),
    getFriends: guarded(async ({ playing }) => {
      const all = (await host.friends()).map(toFriend);
      return playing ? all.filter((f) => f.plays) : all;
    }),
    submitScore: guarded(({ score }) => host.submitScore(score)),
    getLeaderboard: guarded(async ({ scope }) => (await host.leaderboard(scope)).map(toEntry)),
    setPresence: guarded(async ({ gameStatus, gameStatusUrl }) => {
      await host.setPresence(gameStatus, gameStatusUrl);
      return true as const;
    }),
    postFeedEvent: guarded(async ({ type, text, targetUserId }) => {
      await host.postFeedEvent(type, text, targetUserId);
      return true as const;
    }),
    grantReward: guarded(({ amount, reason, key }) => host.grantReward(amount, reason, key)),
    keepAlive: guarded(async () => {
      await host.keepAlive();
      return true as const;
    }),
    openGiftDialog: async ({ userId }) => {
      host.openGift(await friend(userId));
      return true as const;
    },
    openIm: async ({ userId }) => {
      host.openIm(await friend(userId));
      return true as const;
    },
    inviteFriend: guarded(async ({ userId, message }) => {
      await host.invite(userId, message);
      return true as const;
    }),
    callGame: guarded(({ name, params }) => host.call(name, params ?? {})),
  };
}
