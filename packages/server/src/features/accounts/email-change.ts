import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound, rateLimited } from '../../http/errors';
import { type LocaleCode, translate } from '../../i18n/messages';
import { checkEmail } from './rules';
import type { accountSecurityUseCases } from './security';
import { accountStore } from './store';

const TTL = 48 * 3_600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * An email change waits on the users row until the link mailed to the new address is followed:
 * until then login, mail and the settings page keep using the old one.
 */
export function emailChangeUseCases(deps: Deps, security: ReturnType<typeof accountSecurityUseCases>) {
  const store = accountStore(deps.db);
  return {
    async request(
      viewer: UserRow,
      p: { email: string; password: string },
      origin: string,
      locale: LocaleCode,
    ) {
      const email = p.email.trim();
      checkEmail(email);
      if (email.toLowerCase() === viewer.email.toLowerCase()) throw invalid('email', 'email.same');
      await security.checkCurrent(viewer, p.password, 'password', 'account.passwordWrong');
      const decision = await deps.limiter.hit(`email-change:${viewer.id}`, 5, 3_600_000);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const token = randomBytes(32).toString('base64url');
      const link = `${deps.config.publicUrl ?? origin}/link/email-confirm.jsp?token=${token}`;
      // The mail leaves through the outbox after commit: an SMTP outage delays it, never fails this.
      await deps.unitOfWork(async (trx, after) => {
        await accountStore(trx).setPendingEmail(viewer.id, email, sha256(token), Date.now() + TTL);
        after.mail({
          to: email,
          subject: translate(locale, 'email.mailSubject'),
          text: translate(locale, 'email.mailBody', { name: viewer.name, link }),
        });
      });
      return true;
    },

    async confirm(token: string): Promise<boolean> {
      const row = await store.pendingEmailByHash(sha256(token), Date.now());
      if (!row?.pending_email) throw notFound('email.badToken');
      await store.applyPendingEmail(row.id, row.pending_email);
      return true;
    },
  };
}
