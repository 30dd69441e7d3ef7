import { api, GameLeaderboardType, GameListingFilter, type GameStatus } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { notFound } from '../../http/errors';
import { gamesUseCases } from './use-cases';

/** The games platform's calls (docs/games.md); `game` auth calls check the token first. */
export function gameRoutes(deps: Deps) {
  const g = gamesUseCases(deps);
  const a = api.game;
  const ad = api.gameAdmin;
  const page = (p: { page?: number; limit?: number }, limit: number) => ({
    page: p.page ?? 1,
    limit: p.limit ?? limit,
  });
  return [
    bind(a.reportGame, (p, ctx) => g.reports.report(me(ctx), p.message, p.gameId)),
    bind(a.getGamesListing, (p, ctx) => {
      const { page: n, limit } = page(p, 20);
      return g.catalogue.listing(me(ctx), (p.filter ?? GameListingFilter.ALL) as GameListingFilter, n, limit);
    }),
    bind(a.getGame, async (p, ctx) => {
      const viewer = me(ctx);
      const row = await g.catalogue.game(p.gid);
      const [game] = await g.catalogue.decorate(viewer, [row]);
      game.roomId = await g.rooms.roomOf(row);
      if (row.leaderboards_integrated)
        game.leaderboard = await g.scores.board(viewer, row, GameLeaderboardType.GLOBAL, 1, 10);
      return game;
    }),
    bind(a.getGamePlayers, (p, ctx) => {
      const { page: n, limit } = page(p, 50);
      return g.players.playersOf(me(ctx), p.userId, limit, (n - 1) * limit);
    }),
    bind(a.getPresenceHtml, (p, ctx) => g.players.presenceHtml(me(ctx), p.userId, p.gameId, ctx.locale)),
    bind(a.getUser, (p, ctx) => g.players.gameUser(me(ctx), p.userId, p.gid)),
    bind(a.getFriendsByName, (p, ctx) => g.friends.byName(me(ctx), { ...p, ...page(p, 20) })),
    bind(a.getFriendsById, (p, ctx) => g.friends.byIds(me(ctx), p.ids)),
    bind(a.findRecentPlayers, (p, ctx) => g.friends.recentPlayers(me(ctx), { ...p, ...page(p, 20) })),
    bind(a.getRewardsHistory, (p, ctx) => {
      const { page: n, limit } = page(p, 20);
      return g.rewards.history(me(ctx), p.userId, p.gameId, n, limit);
    }),
    bind(a.getOAuthToken, async (p, ctx) => {
      const token = await g.tokens.issue(me(ctx), p.gid);
      await g.players.opened(token.userId, token.gameId);
      return token;
    }),
    bind(a.extendGameSession, async (p, ctx) => {
      const actor = await g.tokens.actor(ctx, p.gameId, p.token);
      const token = await g.tokens.extend(actor);
      await g.players.opened(actor.user.id, actor.game.id);
      return token;
    }),
    // The SDK's calls: the token names the member and the game (tokens.ts).
    bind(a.submitScore, async (p, ctx) => {
      const { user, game } = await g.tokens.actor(ctx, p.gameId, p.token);
      return g.scores.submit(user, game, p.score);
    }),
    bind(a.getGameLeaderboard, async (p, ctx) => {
      const viewer = me(ctx);
      const game = await g.catalogue.game(p.gameId);
      const { page: n, limit } = page(p, 20);
      return g.scores.board(viewer, game, p.type ?? GameLeaderboardType.GLOBAL, n, limit);
    }),
    bind(a.setGamePresence, async (p, ctx) => {
      const { user, game } = await g.tokens.actor(ctx, p.gameId, p.token);
      return g.players.setPresence(user, game.id, p.gameStatus, p.gameStatusUrl);
    }),
    bind(a.postGameEvent, async (p, ctx) => {
      const { user, game } = await g.tokens.actor(ctx, p.gameId, p.token);
      return g.social.postEvent(user, game, p);
    }),
    bind(a.grantGameReward, async (p, ctx) => {
      const { user, game } = await g.tokens.actor(ctx, p.gameId, p.token);
      return g.rewards.grant(user, game, p);
    }),
    bind(a.inviteToGame, async (p, ctx) => {
      const { user, game } = await g.tokens.actor(ctx, p.gameId, p.token);
      return g.social.invite(user, game, p.friendId, p.message);
    }),
    bind(ad.getGames, (p) => {
      const { page: n, limit } = page(p, 50);
      return g.admin.list(n, limit);
    }),
    bind(ad.registerGame, (p, ctx) => g.admin.register(me(ctx), p)),
    bind(ad.updateGame, (p) => g.admin.update(p)),
    bind(ad.setGameStatus, (p) => g.admin.setStatus({ ...p, status: p.status as GameStatus | undefined })),
    ...g.modules.all().flatMap(
      (m) =>
        m.routes?.(deps, {
          actor: async (ctx, gameId, token) => {
            const actor = await g.tokens.actor(ctx, gameId, token);
            if (actor.game.slug !== m.slug) throw notFound('games.notFound');
            return actor;
          },
        }) ?? [],
    ),
  ];
}
