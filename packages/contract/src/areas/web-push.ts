import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { PushSettings } from '../entities/web-push';
import { Bool } from '../params';

/** Ours: Web Push for the installed app and closed tabs (docs/web-push.md). */
export const getPublicKey = endpoint({
  area: 'push',
  call: 'getPublicKey',
  method: 'GET',
  summary: 'Ours: the VAPID public key a browser subscribes with (base64url)',
  auth: 'optional',
  params: Type.Object({}),
  result: Scalars.String,
});

const Key = (description: string) =>
  Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_=-]+$', description });

export const subscribe = endpoint({
  area: 'push',
  call: 'subscribe',
  method: 'POST',
  summary: "Ours: store this browser's push subscription for the caller (one per device)",
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({
    endpoint: Type.String({ minLength: 10, maxLength: 1024, description: "the push service's URL" }),
    p256dh: Key("the browser's public key (base64url)"),
    auth: Key('the authentication secret (base64url)'),
  }),
  result: Scalars.Boolean,
});

export const unsubscribe = endpoint({
  area: 'push',
  call: 'unsubscribe',
  method: 'POST',
  summary: "Ours: forget this browser's push subscription",
  auth: 'member',
  params: Type.Object({ endpoint: Type.String({ minLength: 10, maxLength: 1024 }) }),
  result: Scalars.Boolean,
});

export const getSettings = endpoint({
  area: 'push',
  call: 'getSettings',
  method: 'GET',
  summary: 'Ours: which notifications reach the caller’s devices',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'PushSettings', schema: PushSettings },
});

export const setSettings = endpoint({
  area: 'push',
  call: 'setSettings',
  method: 'POST',
  summary: 'Ours: change some push choices or record the answer to the permission dialog',
  auth: 'member',
  params: Type.Object({
    messages: Type.Optional(Bool()),
    friendRequests: Type.Optional(Bool()),
    gifts: Type.Optional(Bool()),
    profileVisits: Type.Optional(Bool()),
    chatPrivateMessages: Type.Optional(Bool()),
    broadcasts: Type.Optional(Bool()),
    media: Type.Optional(Bool()),
    previews: Type.Optional(Bool()),
    prompt: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 accepted, 2 refused' })),
  }),
  result: { name: 'PushSettings', schema: PushSettings },
});
