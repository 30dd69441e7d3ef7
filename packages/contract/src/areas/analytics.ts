import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { AnalyticsConfig } from '../entities/admin';
import { ANALYTICS_BATCH_MAX } from '../enums';
import { Timestamp } from '../params';

/**
 * Product analytics (ours: the spec sends share events and sampled script errors to an analytics
 * service). The web app sends events in batches; a script error is an event named
 * `script_error` with its message and stack. Visitors may send too (no member id is stored then).
 */
const EventName = Type.String({ pattern: '^[a-z][a-z0-9_.:-]{0,59}$', description: 'e.g. share_copy_link' });
const PropValue = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]);

const AnalyticsEvent = Type.Object(
  {
    name: EventName,
    props: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), PropValue, { maxProperties: 20 })),
    page: Type.Optional(Type.String({ maxLength: 300 })),
    time: Type.Optional(
      Timestamp('when it happened in the browser; the server keeps it within the last day'),
    ),
    error: Type.Optional(
      Type.Object(
        {
          message: Type.String({ minLength: 1, maxLength: 500 }),
          stack: Type.Optional(Type.String({ maxLength: 4000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const sendEvents = endpoint({
  area: 'analytics',
  call: 'sendEvents',
  method: 'POST',
  summary:
    'A batch of product events (and sampled script errors) from the web app; answers how many were taken',
  auth: 'optional',
  params: Type.Object({
    events: Type.Array(AnalyticsEvent, { minItems: 1, maxItems: ANALYTICS_BATCH_MAX }),
    release: Type.Optional(Type.String({ maxLength: 60 })),
  }),
  result: Scalars.Integer,
});

export const getConfig = endpoint({
  area: 'analytics',
  call: 'getConfig',
  method: 'GET',
  summary: 'How the web app reports: the script-error sampling rate, the release, the batch size',
  auth: 'optional',
  params: Type.Object({}),
  result: { name: 'AnalyticsConfig', schema: AnalyticsConfig },
});
