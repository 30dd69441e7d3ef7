import { api, type Endpoint } from '@tertulia/contract';
import { call, callOne } from '../client';
import { list, one } from './define';

/**
 * Calls of the games platform (game/, and the admins' games calls): one typed function per
 * endpoint the games pages and the SDK host use. Query keys and hooks stay with the pages
 * (features/games/queries.ts).
 */
const g = api.game;
const a = api.gameAdmin;

export const getGamesListing = /* @__PURE__ */ list(g.getGamesListing);
export const getGame = /* @__PURE__ */ one(g.getGame);
export const getPresenceHtml = /* @__PURE__ */ one(g.getPresenceHtml);
export const getGameLeaderboard = /* @__PURE__ */ list(g.getGameLeaderboard);
export const getFriendsByName = /* @__PURE__ */ list(g.getFriendsByName);
export const getOAuthToken = /* @__PURE__ */ one(g.getOAuthToken);
export const extendGameSession = /* @__PURE__ */ one(g.extendGameSession);
export const submitScore = /* @__PURE__ */ one(g.submitScore);
export const setGamePresence = /* @__PURE__ */ one(g.setGamePresence);
export const postGameEvent = /* @__PURE__ */ one(g.postGameEvent);
export const grantGameReward = /* @__PURE__ */ one(g.grantGameReward);
export const inviteToGame = /* @__PURE__ */ one(g.inviteToGame);
export const reportGame = /* @__PURE__ */ one(g.reportGame);

export const getAdminGames = /* @__PURE__ */ list(a.getGames);
export const registerGame = /* @__PURE__ */ one(a.registerGame);
export const updateGame = /* @__PURE__ */ one(a.updateGame);
export const setGameStatus = /* @__PURE__ */ one(a.setGameStatus);

/**
 * One of a built-in game's own module calls, chosen by the game page (features/games/rules.ts
 * `moduleEndpoint`): a list call answers its list (possibly empty), any other its one result.
 */
export const callGameModule = (endpoint: Endpoint, params: Record<string, unknown>): Promise<unknown> =>
  endpoint.list ? call(endpoint, params as never) : callOne(endpoint, params as never);
