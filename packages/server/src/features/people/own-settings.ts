import { isVipStar, OnlineStatusCode } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { sign } from '../../http/secret';
import type { PeopleStore } from './store';
import { toSelf } from './user-view';

const TIPS_KEPT = 200;

/** The member's own small settings: online status, IM font, dismissed tips, pledge, signed links. */
export function ownSettings(deps: Pick<Deps, 'secret'>, store: PeopleStore) {
  return {
    async setOnlineStatus(viewer: UserRow, status: number, message?: string): Promise<boolean> {
      // Invisibility is a VIP perk (docs/preferences.md).
      if (status === OnlineStatusCode.INVISIBLE && !isVipStar(viewer.star))
        throw forbidden('people.invisibleVip');
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
