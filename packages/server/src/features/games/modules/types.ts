import type { Db } from '../../../db/index';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import type { BoundRoute } from '../../../http/contract-routes';
import type { GameSettings } from '../admin';
import type { GameActor } from '../tokens';

/** What a module learns of a score before it counts. */
export interface ScoreInput {
  userId: number;
  score: number;
}

/**
 * What the platform hands a module's routes: `actor` is the `game` auth rule (the token names
 * this game and the member acting) and refuses, as not found, a game that is not this module's.
 */
export interface ModuleKit {
  actor(ctx: RequestContext, gameId: number, token?: string): Promise<GameActor>;
}

/**
 * A built-in game's own catalogue entry: made at start when missing (never overwritten, so an
 * admin's later edits stay), so every install lists our games (features/games/builtin-catalogue.ts).
 */
export interface BuiltinCatalogueEntry extends GameSettings {
  gid: number;
  name: string;
  featured?: boolean;
}

/** The outcome of a move: the next state, or why the move is refused (never trusted from the frame). */
export type MoveOutcome<S> = { state: S } | { refused: string };

/**
 * A built-in game's server side (docs/games.md, "Game modules"). A module is found by its game's
 * slug; everything is optional, so a game adds only what it needs:
 * - `rules`: pure functions (no imports from the server) that its client bundles too, so both
 *   sides judge a move alike; the server's judgement is the one that counts.
 * - `checkScore`: refuses a score its rules make impossible (a refusal text for the log, or null);
 *   it may read the game's own tables (a score must be the result the server computed).
 * - `initialState` / `applyMove`: server-validated moves over the game's own state.
 * - `createStore`: its own tables' SQL (a `*-store.ts` beside it; its migration in db/migrations).
 * - `routes`: its own calls, bound like any feature's (contract entries in the game area, `auth:
 *   'game'`, named `<slug><Action>` so the game page forwards them from the frame: `sdk.call`).
 * - `catalogue`: its catalogue entry, made at start when missing.
 */
export interface GameModule<S = unknown, M = unknown> {
  slug: string;
  rules?: Record<string, (...args: never[]) => unknown>;
  checkScore?: (input: ScoreInput, ctx: { db: Db }) => string | null | Promise<string | null>;
  initialState?: () => S;
  applyMove?: (state: S, move: M, player: { userId: number }) => MoveOutcome<S>;
  createStore?: (db: Db) => unknown;
  routes?: (deps: Deps, kit: ModuleKit) => BoundRoute[];
  catalogue?: BuiltinCatalogueEntry;
}
