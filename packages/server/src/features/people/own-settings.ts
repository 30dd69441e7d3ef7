import { OnlineStatusCode, PremiumFeatureKey } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { sign } from '../../http/secret';
import { hasFeature } from '../../policy/premium';
import type { PeopleStore } from './store';
import { toSelf } from './user-view';

const TIPS_KEPT = 200;

/** The member's own small settings: online status, IM font, dismissed tips, pledge, signed links. */
export function ownSettings(deps: Pick<Deps, 'secret'>, store: PeopleStore) {
  return {
    async setOnlineStatus(viewer: UserRow, status: number, message?: string): Promise<boolean> {
      // Invisibility and a status message of one's own need IM_STATUS: VIP, or bought apart
      // (policy/premium.ts, docs/premium.md).
      const text = message?.trim() || null;
      const entitled = hasFeature(viewer, PremiumFeatureKey.IM_STATUS);
      if (status === OnlineStatusCode.INVISIBLE && !entitled) throw forbidden('people.invisibleVip');
      if (text && !entitled) throw forbidden('premium.statusMessageNeedsImStatus');
      await store.update(viewer.id, { online_status: status, online_message: text });
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
      await store.update(viewer.id, { dismissed_tips: JSON.stringify([...tips].slice(-TIPS_KEPT)) });
      return true;
    },

    secureLinkParam(viewer: UserRow, salt: string): string {
      return `${viewer.id}.${sign(deps.secret, `${viewer.id}:${salt}`)}`;
    },

    async pledge(viewer: UserRow): Promise<boolean> {
      if (viewer.pledged_at === 0) await store.update(viewer.id, { pledged_at: Date.now() });
      return true;
    },
  };
}
