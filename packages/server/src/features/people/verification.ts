import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { type LocaleCode, translate } from '../../i18n/messages';
import { HOUR, limit } from './limit';
import { type PeopleStore, peopleStore } from './store';

const VERIFY_TTL = 48 * HOUR;
const MAILS_PER_HOUR = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Email verification: the link mailed, the token followed, and the check messaging asks first. */
export function verification(
  deps: Pick<Deps, 'config' | 'limiter' | 'unitOfWork' | 'feedLog'>,
  store: PeopleStore,
) {
  return {
    /** Messaging calls this first when the setting asks members to verify. */
    requireVerified(user: UserRow): void {
      if (deps.config.requireVerification && user.verified !== 1) {
        throw new ApiError('ApiVerificationRequiredException', 'verify.required');
      }
    },

    async sendVerification(viewer: UserRow, origin: string, locale: LocaleCode): Promise<boolean> {
      if (viewer.verified) throw new ApiError('ApiConflictException', 'verify.already');
      await limit(deps, `verify-mail:${viewer.id}`, MAILS_PER_HOUR, HOUR);
      const token = randomBytes(32).toString('base64url');
      const link = `${deps.config.publicUrl ?? origin}/link/profile-verify.jsp?token=${token}`;
      // Through the outbox after commit: an SMTP outage delays the mail, never fails the request.
      await deps.unitOfWork(async (trx, after) => {
        await peopleStore(trx).insertVerificationToken(viewer.id, sha256(token), Date.now() + VERIFY_TTL);
        after.mail({
          to: viewer.email,
          subject: translate(locale, 'verify.mailSubject'),
          text: translate(locale, 'verify.mailBody', { name: viewer.name, link }),
        });
      });
      return true;
    },

    /** Tokens stay valid until they expire, so a second click says "already verified". */
    async verify(viewer: UserRow | null, token: string) {
      const row = await store.verificationToken(sha256(token), Date.now());
      if (!row) {
        if (viewer?.verified) return { alreadyVerified: true, userId: viewer.id };
        throw notFound('verify.badToken');
      }
      const user = await store.byId(row.user_id);
      if (!user) throw notFound('verify.badToken');
      if (user.verified) return { alreadyVerified: true, userId: user.id };
      await deps.unitOfWork(async (trx) => {
        await peopleStore(trx).update(user.id, { verified: 1 });
        await deps.feedLog.badge(trx, { kind: 'verified', userId: user.id });
      });
      return { alreadyVerified: false, userId: user.id };
    },
  };
}
