import { FeedEventType, NotificationKind, PhotoPrivacy, type User } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { notificationUseCases } from '../notifications/notices';
import type { PeopleStore } from './store';

/**
 * Naming a relationship partner needs the partner's consent (docs/security.md): the name shows
 * to others only once the partner confirmed it, and either side can remove it, for both.
 */
export function relationshipUseCases(
  deps: Pick<Deps, 'db' | 'effects' | 'feedLog' | 'unitOfWork'>,
  store: PeopleStore,
  people: {
    visible: (viewer: UserRow, userId: number) => Promise<UserRow>;
    present: (viewer: UserRow, rows: UserRow[]) => Promise<User[]>;
  },
) {
  const notices = notificationUseCases(deps);
  const graph = socialGraph(deps.db);
  const profileOf = (id: number) => `/html/profile-view.jsp?user=${id}`;
  const eventKey = (a: number, b: number) => `relationship:${Math.min(a, b)}:${Math.max(a, b)}`;

  /**
   * The "now in a relationship" feed event, written with the confirmation: by the member who
   * confirmed, about the other. A private profile on either side keeps it among friends.
   */
  const recordAccepted = (trx: Db, by: UserRow, other: UserRow, now: number) =>
    deps.feedLog.recordOnce(trx, {
      type: FeedEventType.RELATIONSHIP_ACCEPTED,
      userId: by.id,
      key: eventKey(by.id, other.id),
      properties: { 'source.user': by.id, 'target.user': other.id },
      aboutId: other.id,
      alsoTo: [other.id],
      privacy: by.buddies_private || other.buddies_private ? PhotoPrivacy.FRIENDS : PhotoPrivacy.PUBLIC,
      now,
    });
  /** A relationship that ends takes its feed event with it. */
  const dropAccepted = (trx: Db, a: number, b: number) => deps.feedLog.dropByKey(trx, eventKey(a, b));

  return {
    /** profile/updateProfile.do's relationshipPartnerId: 0 removes the relationship on both sides. */
    async name(self: UserRow, partnerId: number): Promise<void> {
      if (partnerId === self.relationship_partner_id) return;
      let partner: UserRow | undefined;
      if (partnerId > 0) {
        if (partnerId === self.id) throw invalid('relationshipPartnerId', 'people.partnerInvalid');
        partner = await people.visible(self, partnerId).catch(() => undefined);
        if (!partner || (await graph.blockedEitherWay(self.id, partnerId)))
          throw invalid('relationshipPartnerId', 'people.partnerInvalid');
      }
      const now = Date.now();
      await deps.unitOfWork(async (trx, after) => {
        if (self.relationship_partner_id > 0) {
          await store.dropPartnerOf(trx, self.relationship_partner_id, self.id);
          await dropAccepted(trx, self.id, self.relationship_partner_id);
        }
        if (!partner) {
          await store.setPartner(trx, self.id, 0, false);
          return undefined;
        }
        // Both named each other: that is the consent of each.
        const mutual = partner.relationship_partner_id === self.id;
        await store.setPartner(trx, self.id, partner.id, mutual);
        if (mutual) {
          await store.setPartner(trx, partner.id, self.id, true);
          await recordAccepted(trx, self, partner, now);
        }
        const notice = await notices.create(
          trx,
          {
            userId: partner.id,
            kind: mutual ? NotificationKind.RELATIONSHIP_ACCEPTED : NotificationKind.RELATIONSHIP_REQUEST,
            actorId: self.id,
            url: profileOf(mutual ? self.id : partner.id),
          },
          now,
        );
        after.run(() => notices.deliver([notice]));
      });
    },

    /** Who named the viewer and waits for an answer (shown on the viewer's own profile). */
    async requests(viewer: UserRow): Promise<User[]> {
      return people.present(viewer, await store.pendingPartnersOf(viewer.id));
    },

    async answer(viewer: UserRow, userId: number, accept: boolean): Promise<boolean> {
      const pending = await store.pendingPartnersOf(viewer.id);
      const asker = pending.find((row) => row.id === userId);
      if (!asker) throw notFound('people.relationshipRequestNotFound');
      const now = Date.now();
      await deps.unitOfWork(async (trx, after) => {
        if (!accept) {
          await store.setPartner(trx, asker.id, 0, false);
          return undefined;
        }
        const current = viewer.relationship_partner_id;
        if (current > 0 && current !== asker.id) {
          await store.dropPartnerOf(trx, current, viewer.id);
          await dropAccepted(trx, viewer.id, current);
        }
        await store.setPartner(trx, asker.id, viewer.id, true);
        await store.setPartner(trx, viewer.id, asker.id, true);
        await recordAccepted(trx, viewer, asker, now);
        const notice = await notices.create(
          trx,
          {
            userId: asker.id,
            kind: NotificationKind.RELATIONSHIP_ACCEPTED,
            actorId: viewer.id,
            url: profileOf(viewer.id),
          },
          now,
        );
        after.run(() => notices.deliver([notice]));
      });
      return true;
    },
  };
}
