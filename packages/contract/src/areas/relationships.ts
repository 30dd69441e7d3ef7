import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { User } from '../entities/user';
import { Bool, Id } from '../params';

/** Naming a relationship partner waits for the partner's consent (docs/security.md). */
const userResult = { name: 'User', schema: User };

export const getRelationshipRequests = endpoint({
  area: 'profile',
  call: 'getRelationshipRequests',
  method: 'GET',
  summary: 'Members who named the caller as their relationship partner and wait for an answer',
  auth: 'member',
  params: Type.Object({}),
  result: userResult,
});

export const answerRelationship = endpoint({
  area: 'profile',
  call: 'answerRelationship',
  method: 'POST',
  summary: 'Confirm (both profiles then show the relationship) or decline being named as a partner',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id(), accept: Bool() }),
  result: Scalars.Boolean,
});
