import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';
import type { LocaleCode } from '../i18n/messages';
import { loginRequired } from './errors';

export type UserRow = Selectable<UsersTable>;

/** What a handler knows about the request besides its params. Identity comes only from here. */
export interface RequestContext {
  user: UserRow | null;
  locale: LocaleCode;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The logged-in member; handlers of member-only endpoints can rely on it. */
export function me(ctx: RequestContext): UserRow {
  if (!ctx.user) throw loginRequired();
  return ctx.user;
}
