import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';

export const setOnlineStatus = endpoint({
  area: 'premiumfeature',
  call: 'setOnlineStatus',
  method: 'POST',
  summary: 'Set the online status: 0 online, 1 invisible, 2 busy, with an optional message',
  auth: 'member',
  params: Type.Object({
    status: Type.Integer({ minimum: 0, maximum: 2 }),
    message: Type.Optional(Type.String({ maxLength: 140 })),
  }),
  result: Scalars.Boolean,
});
