import { createHash, randomBytes } from 'node:crypto';
import { GameLimits, GameStatus, type GameToken } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { RequestContext, UserRow } from '../../http/context';
import { ApiError, forbidden, loginRequired, notFound, rateLimited } from '../../http/errors';
import { isDeleted, isHidden } from '../../policy/standing';
import type { CatalogueStore, GameRow } from './catalogue-store';
import { type GameTokenRow, tokenStore } from './token-store';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** Tokens a member may be issued an hour (one per game opened, plus reloads). */
const TOKENS_PER_HOUR = 120;
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i;

/** The member a game acts for, and the game, once its token checked out. */
export interface GameActor {
  user: UserRow;
  game: GameRow;
  token: GameTokenRow;
}

/**
 * Game tokens (docs/games.md, "Tokens"): random, short-lived, scoped to one game and one member,
 * stored as SHA-256 only and never the session cookie. `actor` is the `game` auth rule: the token
 * comes as the `token` param (the container) or `Authorization: Bearer` (a game's own server).
 */
export function gameTokens(
  deps: Pick<Deps, 'db' | 'limiter'>,
  catalogue: CatalogueStore,
  memberById: (id: number) => Promise<UserRow | undefined>,
  clock: () => number = Date.now,
) {
  const store = tokenStore(deps.db);

  /** A game members may play now: listed or hidden, not retired. */
  async function playable(gameId: number): Promise<GameRow> {
    const game = await catalogue.byId(gameId);
    if (!game) throw notFound('games.notFound');
    if (game.status === GameStatus.RETIRED) throw notFound('games.retired');
    return game;
  }

  return {
    playable,

    async issue(user: UserRow, gameId: number): Promise<GameToken> {
      const game = await playable(gameId);
      const decision = await deps.limiter.hit(`gameToken:${user.id}`, TOKENS_PER_HOUR, 3_600_000);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = now + GameLimits.TOKEN_TTL_MS;
      await store.insert({
        token_hash: sha256(token),
        game_id: game.id,
        user_id: user.id,
        created_at: now,
        expires_at: expiresAt,
      });
      return { token, gameId: game.id, userId: user.id, expiresAt };
    },

    /** The token lives TOKEN_TTL_MS more, never past TOKEN_MAX_MS from its issue. */
    async extend(actor: GameActor): Promise<GameToken> {
      const now = clock();
      const expiresAt = Math.min(
        now + GameLimits.TOKEN_TTL_MS,
        actor.token.created_at + GameLimits.TOKEN_MAX_MS,
      );
      if (!(await store.extend(actor.token.token_hash, expiresAt, now)))
        throw forbidden('games.tokenInvalid');
      return { gameId: actor.game.id, userId: actor.user.id, expiresAt };
    },

    /**
     * Who a game call acts for. With a session, the token must be the session member's; without
     * one (a game's server), the token alone names the member. Either way it must be this game's.
     */
    async actor(ctx: RequestContext, gameId: number, param?: string): Promise<GameActor> {
      const bearer = BEARER.exec(ctx.request.headers.authorization ?? '')?.[1];
      const token = param ?? bearer;
      const refuse = (key: 'games.tokenInvalid' | 'games.tokenRequired') =>
        ctx.user ? forbidden(key) : new ApiError('ApiLoginRequiredException', key);
      if (!token) throw ctx.user ? forbidden('games.tokenRequired') : loginRequired();
      const row = await store.byHash(sha256(token));
      if (!row || row.expires_at <= clock()) throw refuse('games.tokenInvalid');
      if (row.game_id !== gameId) throw forbidden('games.tokenOtherGame');
      if (ctx.user && ctx.user.id !== row.user_id) throw forbidden('games.tokenOtherMember');
      const user = ctx.user ?? (await memberById(row.user_id));
      if (!user || isHidden(user) || isDeleted(user)) throw refuse('games.tokenInvalid');
      return { user, game: await playable(gameId), token: row };
    },

    pruneExpired: () => store.deleteExpired(clock()),
    revokeGame: (gameId: number) => store.deleteForGame(gameId),
  };
}
export type GameTokens = ReturnType<typeof gameTokens>;

/** Deletes expired game tokens every `everyMs` (they are refused anyway; this keeps the table small). */
export function startGameTokenPrune(
  db: Deps['db'],
  everyMs: number,
  log: { error: (obj: unknown, msg: string) => void },
) {
  const store = tokenStore(db);
  const timer = setInterval(() => {
    store.deleteExpired(Date.now()).catch((error) => log.error({ err: error }, 'game token prune failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
