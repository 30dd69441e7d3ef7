import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { User } from '../entities/user';

export const getLoggedInUser = endpoint({
  area: 'user',
  call: 'getLoggedInUser',
  method: 'GET',
  summary: 'The logged-in member, with the logged-in flags (id, name, verified, vip, chatGagExpiration)',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'User', schema: User },
});
