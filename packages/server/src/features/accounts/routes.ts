import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { LOCALES } from '../../i18n/messages';
import { selfAnswer } from '../people/user-view';
import { accountDeletionUseCases } from './deletion';
import { emailChangeUseCases } from './email-change';
import { accountSecurityUseCases } from './security';
import { accountUseCases } from './use-cases';

export function accountRoutes(deps: Deps) {
  const accounts = accountUseCases(deps);
  const security = accountSecurityUseCases(deps);
  const deletion = accountDeletionUseCases(deps);
  const email = emailChangeUseCases(deps, security);
  const origin = (r: { protocol: string; host: string }) => `${r.protocol}://${r.host}`;
  return [
    bind(api.profile.register, (p, ctx) => accounts.register(p, ctx)),
    bind(api.profile.login, (p, ctx) => accounts.login(p, ctx)),
    bind(api.profile.logout, (_p, ctx) => accounts.logout(ctx)),
    bind(api.profile.getAvailableUserNames, (p) => accounts.availableNames(p)),
    bind(api.profile.getLocales, (_p, ctx) => LOCALES.map((l) => ({ ...l, active: l.code === ctx.locale }))),
    bind(api.user.getLoggedInUser, (_p, ctx) => selfAnswer(me(ctx), api.user.getLoggedInUser.result.name)),
    bind(api.profile.changePassword, (p, ctx) => security.changePassword(me(ctx), p, ctx)),
    bind(api.profile.getSessions, (_p, ctx) => security.list(me(ctx), ctx)),
    bind(api.profile.endSession, (p, ctx) => security.end(me(ctx), p.sessionId, ctx)),
    bind(api.profile.endOtherSessions, (_p, ctx) => security.endOthers(me(ctx), ctx)),
    bind(api.settings.changeEmail, (p, ctx) => email.request(me(ctx), p, origin(ctx.request), ctx.locale)),
    bind(api.settings.confirmEmail, (p) => email.confirm(p.token)),
    bind(api.profile.deleteAccount, (p, ctx) => deletion.delete(me(ctx), p.password, ctx)),
  ];
}
