import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Preferences } from '../entities/user';
import { Bool } from '../params';

/** Ours: the member settings page (docs/preferences.md says who honours each one). */
export const getPreferences = endpoint({
  area: 'user',
  call: 'getPreferences',
  method: 'GET',
  summary: 'Ours: the caller’s notification, sound and presence preferences',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'Preferences', schema: Preferences },
});

export const setPreferences = endpoint({
  area: 'user',
  call: 'setPreferences',
  method: 'POST',
  summary: 'Ours: change some preferences (omitted ones stay); answers all of them',
  auth: 'member',
  params: Type.Object({
    notifyMessages: Type.Optional(Bool()),
    notifyFriendRequests: Type.Optional(Bool()),
    notifyLikesComments: Type.Optional(Bool()),
    notifyChatInvites: Type.Optional(Bool()),
    sound: Type.Optional(Bool()),
    browserNotifications: Type.Optional(Bool()),
    onlineVisibility: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2, description: '0 everyone, 1 friends, 2 nobody' }),
    ),
  }),
  result: { name: 'Preferences', schema: Preferences },
});

export const changeEmail = endpoint({
  area: 'user',
  call: 'changeEmail',
  method: 'POST',
  summary: 'Ours: mail a confirmation link to the new address; the email changes only when it is followed',
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  result: Scalars.Boolean,
});

export const confirmEmail = endpoint({
  area: 'user',
  call: 'confirmEmail',
  method: 'POST',
  summary: 'Ours: apply the email change of a confirmation link',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }),
  result: Scalars.Boolean,
});
