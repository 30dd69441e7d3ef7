import { IMAGE_PATH, imageUrl, PremiumFeatureKey, type ProfileVisit } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { sealImageKey } from '../../media/sealed';
import { announcesPresence, socialGraph } from '../../policy/graph';
import { hasFeature } from '../../policy/premium';
import type { MemberViews } from './members';
import { type PeopleStore, peopleStore } from './store';

// A visitor who keeps reloading a profile notifies its owner once per window.
const VISIT_NOTICE_WINDOW = 10 * 60_000;

/** profile/updateProfileVisit.do and profile/getProfileVisitors.do. */
export function profileVisits(
  deps: Pick<Deps, 'db' | 'unitOfWork' | 'secret'>,
  store: PeopleStore,
  members: Pick<MemberViews, 'visible' | 'present'>,
) {
  const graph = socialGraph(deps.db);
  return {
    /** Records a visit and tells the owner; says nothing to a visitor the owner blocked. */
    async visit(viewer: UserRow, ownerId: number): Promise<boolean> {
      const owner = await members.visible(viewer, ownerId);
      if (owner.id === viewer.id) return false;
      if (await graph.hasBlocked(owner.id, viewer.id)) return true;
      const now = Date.now();
      await deps.unitOfWork(async (trx, after) => {
        const previous = await peopleStore(trx).recordVisit(owner.id, viewer.id, now);
        // An invisible visitor, or one online to nobody, does not announce themself (policy/graph.ts).
        if (now - previous <= VISIT_NOTICE_WINDOW || !announcesPresence(viewer)) return;
        // The owner learns who visited only with WHO_VIEWED_ME (VIP, or bought apart).
        const hasaccess = hasFeature(owner, PremiumFeatureKey.WHO_VIEWED_ME, now);
        const visitor = {
          uid: viewer.id,
          name: viewer.name,
          image1: viewer.image1 ? imageUrl(viewer.image1) : undefined,
        };
        after.publish([owner.id], { type: 'profileVisit', hasaccess, user: hasaccess ? visitor : undefined });
      });
      return true;
    },

    /** Owners with WHO_VIEWED_ME see who and when; others see the count and blurred tiles. */
    async visitors(viewer: UserRow, page: number, pageSize: number) {
      const query = store.visitors(viewer.id);
      const [total, rows] = await Promise.all([query.count(), query.page((page - 1) * pageSize, pageSize)]);
      const vip = hasFeature(viewer, PremiumFeatureKey.WHO_VIEWED_ME);
      const users = vip ? await members.present(viewer, rows) : [];
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
  };
}
