import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { CallesBattle, CallesState, CallesTarget } from '../entities/calles';
import { Id, Int } from '../params';

/**
 * Guerra de Calles' own calls (gid 1000, module `calles`; docs/games-calles.md). The game's frame
 * calls them through the SDK (`sdk.call('callesAttack', ...)`); the host page adds the game id and token. Every rule is
 * the server's: the frame sends only what the player chose.
 */
const common = {
  gameId: Id('the game (gid 1000)'),
  token: Type.Optional(Type.String({ maxLength: 100, description: 'the game token' })),
};
// Named `calles<Action>` with the game-token rule: the game page forwards them from the frame.
const gameAuth = { area: 'game', auth: 'game' } as const;
const CrewKind = Type.Union([Type.Literal('bruiser'), Type.Literal('guard'), Type.Literal('runner')]);
const BuildingKind = Type.Union([
  Type.Literal('kiosk'),
  Type.Literal('workshop'),
  Type.Literal('barricade'),
  Type.Literal('gym'),
]);

export const callesState = endpoint({
  ...gameAuth,
  call: 'callesState',
  method: 'GET',
  // A first visit makes the player's street.
  changesState: true,
  summary: 'The player’s street at the server’s time (made on the first call): crew, buildings, cash, timers',
  params: Type.Object(common),
  result: { name: 'CallesState', schema: CallesState },
});

export const callesTrain = endpoint({
  ...gameAuth,
  call: 'callesTrain',
  method: 'POST',
  summary: 'Trains crew members: paid now, ready after their training time. One order at a time',
  errors: ['ApiConflictException'],
  params: Type.Object({ ...common, kind: CrewKind, count: Int(1, 10) }),
  result: { name: 'CallesState', schema: CallesState },
});

export const callesBuild = endpoint({
  ...gameAuth,
  call: 'callesBuild',
  method: 'POST',
  summary: 'Builds on a free lot of the player’s territory',
  errors: ['ApiConflictException'],
  params: Type.Object({ ...common, kind: BuildingKind }),
  result: { name: 'CallesState', schema: CallesState },
});

export const callesTargets = endpoint({
  ...gameAuth,
  call: 'callesTargets',
  method: 'GET',
  summary: 'Streets the player may attack: friends who play, then players near their level',
  params: Type.Object(common),
  // One object holding the list: the game page hands the frame a call's first result.
  result: { name: 'CallesTargets', schema: Type.Object({ targets: Type.Array(CallesTarget) }) },
});

export const callesAttack = endpoint({
  ...gameAuth,
  call: 'callesAttack',
  method: 'POST',
  summary:
    'Attacks a friend’s or a near-level player’s street: resolved on the server from both sides’ state and a seeded draw; the defender’s journal gets the entry',
  errors: ['ApiConflictException', 'ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ ...common, targetId: Id('the member attacked') }),
  result: { name: 'CallesBattle', schema: CallesBattle },
});

export const callesJournal = endpoint({
  ...gameAuth,
  call: 'callesJournal',
  method: 'GET',
  changesState: true,
  summary: 'The player’s journal: battles on either side, newest first; marks attacks on them seen',
  params: Type.Object({
    ...common,
    before: Type.Optional(Id('entries older than this id')),
    limit: Type.Optional(Int(1, 50, { description: 'entries (default 20)' })),
  }),
  result: { name: 'CallesJournal', schema: Type.Object({ entries: Type.Array(CallesBattle) }) },
});

export const callesBattle = endpoint({
  ...gameAuth,
  call: 'callesBattle',
  method: 'GET',
  summary: 'One battle of the player’s journal (a journal notice opens it)',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ...common, battleId: Id('the battle') }),
  result: { name: 'CallesBattle', schema: CallesBattle },
});
