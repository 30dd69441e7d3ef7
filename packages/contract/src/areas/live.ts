import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { LiveBroadcast, LiveConfig, LiveStreamer } from '../entities/live';
import { Story } from '../entities/stories';
import { BROADCAST_ID_PATTERN, LiveLimits } from '../enums/live';
import { Id } from '../params';

/**
 * Live broadcasting (docs/live.md): going on air and off, watching (join/leave with a viewer
 * count), the rankings. The video travels apart: the streamer's WebSocket ingest and the HLS
 * playlist at /media/live/<broadcast_id>/index.m3u8.
 */
const BroadcastId = () => Type.String({ pattern: BROADCAST_ID_PATTERN, description: 'a broadcast id' });
const LiveErrors = ['ApiNotFoundException', 'ApiForbiddenException'] as const;

export const getConfig = endpoint({
  area: 'live',
  call: 'getConfig',
  method: 'GET',
  summary:
    'Whether live is enabled, who may go live (anyone, verified, vip), whether the caller may, and the limits',
  auth: 'optional',
  params: Type.Object({}),
  result: { name: 'LiveConfig', schema: LiveConfig },
});

export const getTopStreamers = endpoint({
  area: 'live',
  call: 'getTopStreamers',
  method: 'GET',
  summary:
    'Streamers by diamonds received in the period (`diamonds`: day = last 24 h, week = last 7 days, all = all time), most first',
  auth: 'optional',
  list: { defaultLimit: 20 },
  params: Type.Object({
    diamonds: Type.Optional(
      Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('all')], {
        description: 'the period (default all)',
      }),
    ),
  }),
  result: { name: 'LiveStreamer', schema: LiveStreamer },
});

export const getActiveStreamers = endpoint({
  area: 'live',
  call: 'getActiveStreamers',
  method: 'GET',
  summary: 'Broadcasts on air now that the caller may watch, most viewers first',
  auth: 'optional',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'LiveStreamer', schema: LiveStreamer },
});

export const getBroadcastId = endpoint({
  area: 'live',
  call: 'getBroadcastId',
  method: 'GET',
  summary: "The member's broadcast on air now, or an empty string (also when the caller may not watch it)",
  auth: 'optional',
  params: Type.Object({ userId: Id() }),
  result: Scalars.String,
});

export const getBroadcast = endpoint({
  area: 'live',
  call: 'getBroadcast',
  method: 'GET',
  summary:
    'Ours: one broadcast (title, streamer, viewers, chat room, playlist); 404 when the caller may not watch it',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ broadcastId: BroadcastId() }),
  result: { name: 'LiveBroadcast', schema: LiveBroadcast },
});

export const startBroadcast = endpoint({
  area: 'live',
  call: 'startBroadcast',
  method: 'POST',
  summary:
    'Ours: go on air with a title (the one on air already, if any); friends hear of it on their devices',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiRateLimitException'],
  params: Type.Object({
    title: Type.Optional(
      Type.String({ maxLength: LiveLimits.TITLE_MAX, description: 'the title (default empty)' }),
    ),
  }),
  result: { name: 'LiveStreamer', schema: LiveStreamer },
});

export const endBroadcast = endpoint({
  area: 'live',
  call: 'endBroadcast',
  method: 'POST',
  summary:
    "Ours: go off air (true when the caller was on air). With broadcastId: that broadcast, which must be the caller's (403 otherwise)",
  auth: 'member',
  errors: ['ApiForbiddenException'],
  params: Type.Object({ broadcastId: Type.Optional(BroadcastId()) }),
  result: Scalars.Boolean,
});

export const joinBroadcast = endpoint({
  area: 'live',
  call: 'joinBroadcast',
  method: 'POST',
  summary:
    'Ours: watch a broadcast (counted until leaveBroadcast or the push socket closes); answers the viewer count',
  auth: 'member',
  errors: LiveErrors,
  params: Type.Object({ broadcastId: BroadcastId() }),
  result: Scalars.Integer,
});

export const leaveBroadcast = endpoint({
  area: 'live',
  call: 'leaveBroadcast',
  method: 'POST',
  summary: 'Ours: stop watching; answers the viewer count',
  auth: 'member',
  params: Type.Object({ broadcastId: BroadcastId() }),
  result: Scalars.Integer,
});

export const saveBroadcastAsStory = endpoint({
  area: 'live',
  call: 'saveBroadcastAsStory',
  method: 'POST',
  summary:
    "Ours: the caller's last broadcast, ended within LIVE_KEEP_MS, becomes a story of its last 30 seconds (processing, like an upload); the recording is not kept otherwise",
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiRateLimitException', 'ApiUnavailableException'],
  params: Type.Object({}),
  result: { name: 'Story', schema: Story },
});
