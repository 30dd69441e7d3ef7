import { type Static, Type } from '@sinclair/typebox';
import { Opt } from './common';

/** A player of Cuatro en raya as a match shows them. */
const CuatroPlayer = Type.Object({
  uid: Type.Integer(),
  name: Type.String(),
  image1: Opt(Type.String()),
});

/** A match as a player or a spectator sees it; clocks are as of `serverTime`. */
export const CuatroMatch = Type.Object(
  {
    id: Type.Integer(),
    gameId: Type.Integer(),
    red: CuatroPlayer,
    yellow: Opt(CuatroPlayer),
    inviterId: Type.Integer(),
    /** invited | open | playing | finished | declined | cancelled */
    status: Type.String(),
    moves: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
    /** Whose move: 1 red, 2 yellow. */
    turn: Type.Integer(),
    /** Send it back with a move: the move lands only on this version of the match. */
    version: Type.Integer(),
    clockMs: Type.Integer(),
    incrementMs: Type.Integer(),
    /** Time left on each clock now (the running one already counted down). */
    redMs: Type.Integer(),
    yellowMs: Type.Integer(),
    serverTime: Type.Integer(),
    /** 0 a draw, 1 red won, 2 yellow won; absent while not finished. */
    result: Opt(Type.Integer()),
    /** four | full | resign | flag */
    endReason: Opt(Type.String()),
    /** The rematch offered after this match, when there is one. */
    rematchId: Opt(Type.Integer()),
    /** The caller's side: 1 red, 2 yellow, 0 watching. */
    you: Type.Integer(),
  },
  { title: 'CuatroMatch' },
);
export type CuatroMatch = Static<typeof CuatroMatch>;

/** The lobby in one answer (the game's frame receives one result per call). */
export const CuatroLobby = Type.Object(
  {
    matches: Type.Array(CuatroMatch, {
      description:
        'the caller’s invitations, running and recent matches, the room’s open challenges, friends’ matches to watch',
    }),
  },
  { title: 'CuatroLobby' },
);
export type CuatroLobby = Static<typeof CuatroLobby>;
