import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { Contest } from '../entities/economy';
import { CONTEST_LIMITS, ContestKind, GiftLeaderboardType } from '../enums';
import { Id, IdempotencyKey, Timestamp } from '../params';

/**
 * Gift contests (docs/rewards.md): getContest and redeemReward are the spec's; the list, entering
 * and the admins' creation are ours, in the same style. Exposed with the rest of api.rewards.
 */
const contest = { name: 'Contest', schema: Contest };
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const getContest = endpoint({
  area: 'gift',
  call: 'getContest',
  method: 'GET',
  summary: 'A contest: its prize pool, expiration, entrants and (once expired) its winners',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ contestId: Id() }),
  result: contest,
});

export const redeemReward = endpoint({
  area: 'gift',
  call: 'redeemReward',
  method: 'POST',
  movesMoney: true,
  summary: 'A winner collects their contest prize into their balance; a second call gives nothing more',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'ApiConflictException'],
  params: Type.Object({ contestId: Id(), idempotencyKey: IdempotencyKey() }),
  result: contest,
});

export const getContests = endpoint({
  area: 'gift',
  call: 'getContests',
  method: 'GET',
  summary: 'Ours: contests running now, then those ended in the last week (newest first)',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: contest,
});

export const enterContest = endpoint({
  area: 'gift',
  call: 'enterContest',
  method: 'POST',
  summary: 'Ours: enters a running random-draw contest (once; a room contest only from inside its room)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'ApiConflictException'],
  params: Type.Object({ contestId: Id() }),
  result: contest,
});

export const createContest = endpoint({
  area: 'gift',
  call: 'createContest',
  method: 'POST',
  movesMoney: true,
  summary:
    'Admins: a contest paying `prizes` (by place) from its pool to the top of a leaderboard or to random entrants when it expires',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    name: Type.String({ minLength: 1, maxLength: CONTEST_LIMITS.NAME_MAX }),
    type: literals(Object.values(ContestKind)),
    board: Type.Optional(literals(Object.values(GiftLeaderboardType))),
    currency: Type.Optional(literals(['gold', 'gems'])),
    prizes: Type.String({
      pattern: '^\\d{1,7}(,\\d{1,7}){0,9}$',
      description: 'amounts by place, comma separated (at most 10 places)',
    }),
    startTime: Type.Optional(Timestamp('default now')),
    expiration: Timestamp(),
    roomId: Type.Optional(Id('random contests: the chat room it runs in (entrants must be inside)')),
    idempotencyKey: IdempotencyKey(),
  }),
  result: contest,
});

export const editContest = endpoint({
  area: 'gift',
  call: 'editContest',
  method: 'POST',
  movesMoney: true,
  summary:
    'Ours, admins: renames a contest, moves its end or changes its prizes before it ends (once started, prizes only go up); the pool follows through the ledger',
  auth: 'admin',
  errors: ['ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({
    contestId: Id(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: CONTEST_LIMITS.NAME_MAX })),
    expiration: Type.Optional(Timestamp()),
    prizes: Type.Optional(
      Type.String({
        pattern: '^\\d{1,7}(,\\d{1,7}){0,9}$',
        description: 'amounts by place, comma separated (at most 10 places)',
      }),
    ),
    idempotencyKey: IdempotencyKey(),
  }),
  result: contest,
});

export const cancelContest = endpoint({
  area: 'gift',
  call: 'cancelContest',
  method: 'POST',
  movesMoney: true,
  summary:
    'Ours, admins: cancels a contest that has not ended; nobody wins, its pool goes back to the house and those taking part get a notice',
  auth: 'admin',
  errors: ['ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({ contestId: Id(), idempotencyKey: IdempotencyKey() }),
  result: contest,
});
