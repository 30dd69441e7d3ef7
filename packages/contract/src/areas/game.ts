import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';

/**
 * Games. Only the report exists so far (the moderation queue takes game reports, docs/moderation.md);
 * the games themselves, their sessions and rewards come with the games issue.
 */
export const reportGame = endpoint({
  area: 'game',
  call: 'reportGame',
  method: 'POST',
  summary: 'Reports a problem with a game to the moderators (the reports queue, kind game)',
  auth: 'member',
  params: Type.Object({
    message: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'what went wrong, in the member’s words',
    }),
  }),
  result: Scalars.Boolean,
});
