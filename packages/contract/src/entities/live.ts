import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/**
 * A member broadcasting live (the spec's four fields; `title` and `viewers` are ours). `diamonds`
 * are what viewers gave: in the ranking's period for live/getTopStreamers.do, in this broadcast
 * for live/getActiveStreamers.do and startBroadcast.
 */
export const LiveStreamer = Type.Object(
  {
    user: Opt(User),
    broadcast_id: Opt(Type.String()),
    start_timestamp: Opt(EpochMs()),
    diamonds: Opt(Type.Integer()),
    title: Opt(Type.String({ description: 'ours: the broadcast title' })),
    viewers: Opt(Type.Integer({ description: 'ours: viewers watching now' })),
  },
  { title: 'LiveStreamer' },
);
export type LiveStreamer = Static<typeof LiveStreamer>;

/** live/getConfig.do: whether live is on, who may go live, and the limits (docs/live.md). */
export const LiveConfig = Type.Object(
  {
    enabled: Type.Boolean(),
    who: Type.Union([Type.Literal('anyone'), Type.Literal('verified'), Type.Literal('vip')]),
    /** Whether the caller may go live now (false for visitors and banned members). */
    mayGoLive: Type.Boolean(),
    titleMax: Type.Integer(),
    maxDurationMs: Type.Integer(),
    /** 0: no limit on viewers. */
    maxViewers: Type.Integer(),
  },
  { title: 'LiveConfig' },
);
export type LiveConfig = Static<typeof LiveConfig>;

/** One broadcast (ours): what the watch page shows. `end_timestamp` is 0 while on air. */
export const LiveBroadcast = Type.Object(
  {
    broadcast_id: Type.String(),
    title: Type.String(),
    user: User,
    start_timestamp: EpochMs(),
    end_timestamp: EpochMs('0 while on air'),
    viewers: Type.Integer(),
    diamonds: Type.Integer({ description: 'diamonds given in this broadcast' }),
    room_id: Type.Integer({ description: "the broadcast's chat room (chat/*.do with this roomId)" }),
    playlist: Type.String({ description: 'the HLS playlist address: /media/live/<broadcast_id>/index.m3u8' }),
    isStreamer: Type.Boolean({ description: 'the caller is the streamer' }),
    mayModerate: Type.Boolean({
      description: "the caller moderates the broadcast's room (streamer, admins)",
    }),
  },
  { title: 'LiveBroadcast' },
);
export type LiveBroadcast = Static<typeof LiveBroadcast>;
