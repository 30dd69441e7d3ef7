import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/** A member broadcasting live; diamonds are what viewers gave (top-streamers ranking). */
export const LiveStreamer = Type.Object(
  {
    user: Opt(User),
    broadcast_id: Opt(Type.String()),
    start_timestamp: Opt(EpochMs()),
    diamonds: Opt(Type.Integer()),
  },
  { title: 'LiveStreamer' },
);
export type LiveStreamer = Static<typeof LiveStreamer>;
