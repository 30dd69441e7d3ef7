import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { LiveStreamer } from '../entities/live';
import { Story } from '../entities/stories';
import { Id } from '../params';

/**
 * Live broadcasting, the part that reaches members: going on air and off, and which broadcast a
 * member is on (docs/web-push.md, "Broadcasts"). The video itself is not part of this.
 */
export const getBroadcastId = endpoint({
  area: 'live',
  call: 'getBroadcastId',
  method: 'GET',
  summary: "The member's broadcast on air now, or an empty string (also when the caller may not watch it)",
  auth: 'optional',
  params: Type.Object({ userId: Id() }),
  result: Scalars.String,
});

export const startBroadcast = endpoint({
  area: 'live',
  call: 'startBroadcast',
  method: 'POST',
  summary: 'Ours: go on air (the one on air already, if any); friends hear of it on their devices',
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({}),
  result: { name: 'LiveStreamer', schema: LiveStreamer },
});

export const endBroadcast = endpoint({
  area: 'live',
  call: 'endBroadcast',
  method: 'POST',
  summary: 'Ours: go off air (true when the caller was on air)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Boolean,
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
