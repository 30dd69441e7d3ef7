import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { FeedEvent, FeedSettings } from '../entities/feed';
import { Bool, Id, IdOrZero, Int, Timestamp } from '../params';

/**
 * News feed. Events are newest first. Paging: `page`/`limit` as everywhere, plus our
 * `before` cursor for infinite scroll: pass the last item's `cursor` and page 1 to get the next
 * items with no duplicates or gaps while new events arrive. Without `before`, page N counts from
 * the newest event at the time of the call (fine for page 1; later pages may shift as items come).
 */
const FILTERS = 'FeedFilter: 1 all, 2 near me, 3 friends, 4 person (userId), 5 trending';

export const getEvents = endpoint({
  area: 'feed',
  call: 'getEvents',
  method: 'GET',
  summary:
    'Feed events the caller may see, newest first (trending: most liked and commented in the last days first)',
  auth: 'member',
  list: { defaultLimit: 10 },
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    userId: Type.Optional(Id('filter 4: whose events (default the caller)')),
    filter: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 5,
        description: `${FILTERS}; default: the remembered one, else 1`,
      }),
    ),
    before: Type.Optional(
      Type.String({ maxLength: 40, description: 'ours: the `cursor` of the last item already shown' }),
    ),
    statusId: Type.Optional(
      Id('ours, filter 4: only the event of this status of userId (the status page a notice links to)'),
    ),
  }),
  result: { name: 'FeedEvent', schema: FeedEvent },
});

export const deleteEvent = endpoint({
  area: 'feed',
  call: 'deleteEvent',
  method: 'POST',
  summary:
    'Delete one of the caller’s own events (named by userId, postId, type, eventTimestamp, or by eventId); a status goes with its event',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    userId: Id('the event’s owner: must be the caller'),
    postId: Type.Optional(IdOrZero('0 or absent: the event has no post')),
    type: Int(1, 10_000, { description: 'FeedEventType' }),
    eventTimestamp: Timestamp('the event’s creationTime'),
    eventId: Type.Optional(Id('ours: the event’s id, when known')),
  }),
  result: Scalars.Boolean,
});

export const storeSeenEvents = endpoint({
  area: 'feed',
  call: 'storeSeenEvents',
  method: 'POST',
  summary: 'Mark feed events (by FeedEvent.id) as seen by the caller, so they stop showing as new',
  auth: 'member',
  params: Type.Object({
    postIds: Type.Array(Id(), { minItems: 1, maxItems: 100, description: 'FeedEvent ids (comma list)' }),
  }),
  result: Scalars.Boolean,
});

export const allowNSFW = endpoint({
  area: 'feed',
  call: 'allowNSFW',
  method: 'POST',
  summary:
    'Show (true) or hide (false) items flagged NSFW in the caller’s feed; members under 18 are refused (403) and never see NSFW',
  errors: ['ApiForbiddenException'],
  auth: 'member',
  params: Type.Object({ filter: Bool({ description: 'true: show NSFW items' }) }),
  result: Scalars.Boolean,
});

export const getFeedSettings = endpoint({
  area: 'feed',
  call: 'getFeedSettings',
  method: 'GET',
  summary: 'Ours: the caller’s remembered filter, NSFW opt-in and unread notification count',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'FeedSettings', schema: FeedSettings },
});
