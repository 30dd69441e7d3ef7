import { createHash, randomBytes } from 'node:crypto';
import { IMAGE_PATH, imageUrl, isVipStar, type ProfileVisit, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { sign } from '../../http/secret';
import { type LocaleCode, translate } from '../../i18n/messages';
import { sealImageKey } from '../../media/sealed';
import { peopleStore } from './store';
import { type ShownRow, toSelf, toUserFor, type ViewerContext } from './user-view';

const HOUR = 3_600_000;
const VERIFY_TTL = 48 * HOUR;
// A visitor who keeps reloading a profile notifies its owner once per window.
const VISIT_NOTICE_WINDOW = 10 * 60_000;
const INVISIBLE = 1;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function peopleService(deps: Deps) {
  const store = peopleStore(deps.db);

  async function viewerContext(viewerId: number, ids: number[]): Promise<ViewerContext> {
    const others = ids.filter((id) => id !== viewerId);
    const [ties, online] = await Promise.all([store.tiesAmong(viewerId, others), deps.presence.sources(ids)]);
    return { viewerId, ...ties, online };
  }

  /** Members as the viewer sees them, with partner names; the rows' order is kept. */
  async function present(viewer: UserRow, rows: ShownRow[]): Promise<User[]> {
    const context = await viewerContext(
      viewer.id,
      rows.map((r) => r.id),
    );
    const partnerIds = [...new Set(rows.map((r) => r.relationship_partner_id).filter((id) => id > 0))];
    const partners = new Map((await store.byIds(partnerIds)).map((p) => [p.id, p.name]));
    const now = new Date();
    return rows.map((row) => {
      const user = toUserFor(row, context, now);
      if (user.relationshipPartnerId)
        user.relationshipPartnerName = partners.get(row.relationship_partner_id);
      return user;
    });
  }

  /** A member the viewer may see: not banned, not blocking the viewer. */
  async function visible(viewer: UserRow, userId: number): Promise<UserRow> {
    const row = await store.byId(userId);
    if (!row || (row.banned_at > 0 && !viewer.is_admin)) throw notFound('people.notFound');
    if (row.id !== viewer.id && (await store.blockersAmong(viewer.id, [row.id])).size > 0) {
      throw notFound('people.notFound');
    }
    return row;
  }

  async function limit(key: string, max: number, windowMs: number) {
    const decision = await deps.limiter.hit(key, max, windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  return {
    present,
    visible,
    viewerContext,

    async getUser(viewer: UserRow, userId: number): Promise<User> {
      const [user] = await present(viewer, [await visible(viewer, userId)]);
      return user;
    },

    /** Messaging calls this first when the setting asks members to verify. */
    requireVerified(user: UserRow): void {
      if (deps.config.requireVerification && user.verified !== 1) {
        throw new ApiError('ApiVerificationRequiredException', 'verify.required');
      }
    },

    async setOnlineStatus(viewer: UserRow, status: number, message?: string): Promise<boolean> {
      if (status === INVISIBLE && !isVipStar(viewer.star)) throw forbidden('people.invisibleVip');
      await store.update(viewer.id, { online_status: status, online_message: message?.trim() || null });
      return true;
    },

    async setFont(viewer: UserRow, font: string): Promise<boolean> {
      if (!/^[\p{L}\p{N} _-]{1,40}$/u.test(font.trim())) throw invalid('font', 'people.fontInvalid');
      await store.update(viewer.id, { font: font.trim() });
      return true;
    },

    async dismissTip(viewer: UserRow, tipId: string): Promise<boolean> {
      const tips = new Set(toSelf(viewer).dismissedTips);
      tips.add(tipId);
      await store.update(viewer.id, { dismissed_tips: JSON.stringify([...tips].slice(-200)) });
      return true;
    },

    secureLinkParam(viewer: UserRow, salt: string): string {
      return `${viewer.id}.${sign(deps.secret, `${viewer.id}:${salt}`)}`;
    },

    async pledge(viewer: UserRow): Promise<boolean> {
      if (viewer.pledged_at === 0) await store.update(viewer.id, { pledged_at: Date.now() });
      return true;
    },

    /** Records a visit and tells the owner; says nothing to a visitor the owner blocked. */
    async visit(viewer: UserRow, ownerId: number): Promise<boolean> {
      const owner = await visible(viewer, ownerId);
      if (owner.id === viewer.id) return false;
      if ((await store.blockedAmong(owner.id, [viewer.id])).size > 0) return true;
      const now = Date.now();
      const previous = await store.recordVisit(owner.id, viewer.id, now);
      const invisible = viewer.online_status === INVISIBLE;
      if (now - previous > VISIT_NOTICE_WINDOW && !invisible) {
        const hasaccess = isVipStar(owner.star);
        const visitor = {
          uid: viewer.id,
          name: viewer.name,
          image1: viewer.image1 ? imageUrl(viewer.image1) : undefined,
        };
        await deps.hub.publish([owner.id], {
          type: 'profileVisit',
          hasaccess,
          user: hasaccess ? visitor : undefined,
        });
      }
      return true;
    },

    /** VIP owners see who and when; others see the count and blurred tiles. */
    async visitors(viewer: UserRow, page: number, pageSize: number) {
      const query = store.visitors(viewer.id);
      const [total, rows] = await Promise.all([query.count(), query.page((page - 1) * pageSize, pageSize)]);
      const vip = isVipStar(viewer.star);
      const users = vip ? await present(viewer, rows) : [];
      const results: ProfileVisit[] = rows.map((row, i) =>
        vip
          ? { time: row.last_visit, user: users[i] }
          : {
              time: row.last_visit,
              // Sealed: the owner must not learn the visitor's image key (it is their public image1).
              blurredImage: row.image1
                ? `${IMAGE_PATH}/sealed/${sealImageKey(deps.secret, row.image1)}`
                : undefined,
            },
      );
      return { searchResults: results, totalNumberResults: total };
    },

    async report(viewer: UserRow, p: { reportedUserID: number; comment?: string; url?: string }) {
      if (p.reportedUserID === viewer.id) throw invalid('reportedUserID', 'people.selfReport');
      await visible(viewer, p.reportedUserID);
      await limit(`report:${viewer.id}`, 30, HOUR);
      await store.insertReport({
        reporter: viewer.id,
        reported: p.reportedUserID,
        kind: 'user',
        comment: p.comment?.trim() || undefined,
        url: p.url?.trim() || undefined,
        now: Date.now(),
      });
      return true;
    },

    async block(viewer: UserRow, userId: number): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'people.selfBlock');
      const target = await store.byId(userId);
      if (!target) throw notFound('people.notFound');
      await store.block(viewer.id, userId, Date.now());
      return true;
    },

    async unblock(viewer: UserRow, userId: number): Promise<boolean> {
      await store.unblock(viewer.id, userId);
      return true;
    },

    async blockedUsers(viewer: UserRow, page: number, pageSize: number): Promise<User[]> {
      return present(viewer, await store.blockedUsers(viewer.id, (page - 1) * pageSize, pageSize));
    },

    /** Admins only: the member's sessions and sockets end now, and login is refused from then on. */
    async ban(viewer: UserRow, userId: number): Promise<boolean> {
      const target = await store.byId(userId);
      if (!target) throw notFound('people.notFound');
      if (target.id === viewer.id || target.is_admin) throw forbidden('people.banProtected');
      await store.update(target.id, { banned_at: Date.now() });
      await deps.sessions.endAll(target.id);
      await deps.hub.disconnect([target.id]);
      return true;
    },

    async sendVerification(viewer: UserRow, origin: string, locale: LocaleCode): Promise<boolean> {
      if (viewer.verified) throw new ApiError('ApiConflictException', 'verify.already');
      await limit(`verify-mail:${viewer.id}`, 5, HOUR);
      const token = randomBytes(32).toString('base64url');
      await store.insertVerificationToken(viewer.id, sha256(token), Date.now() + VERIFY_TTL);
      const link = `${deps.config.publicUrl ?? origin}/link/profile-verify.jsp?token=${token}`;
      await deps.mailer.send({
        to: viewer.email,
        subject: translate(locale, 'verify.mailSubject'),
        text: translate(locale, 'verify.mailBody', { name: viewer.name, link }),
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
      await store.update(user.id, { verified: 1 });
      return { alreadyVerified: false, userId: user.id };
    },
  };
}

export type PeopleService = ReturnType<typeof peopleService>;
