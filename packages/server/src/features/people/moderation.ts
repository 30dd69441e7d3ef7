import type { User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { HOUR, limit } from './limit';
import type { MemberViews } from './members';
import type { PeopleStore } from './store';

const REPORTS_PER_HOUR = 30;

/** user/reportUser.do (any member); user/banUser.do is the admin area's ban (features/admin/bans.ts). */
export function moderation(
  deps: Pick<Deps, 'limiter' | 'sessions' | 'hub'>,
  store: PeopleStore,
  members: Pick<MemberViews, 'visible' | 'present'>,
) {
  return {
    /** A report of a member, from their profile ('user') or from a room ('chat', field userId). */
    async report(
      viewer: UserRow,
      p: { reportedUserID: number; comment?: string; url?: string; kind?: 'user' | 'chat' },
      field = 'reportedUserID',
    ) {
      if (p.reportedUserID === viewer.id) throw invalid(field, 'people.selfReport');
      await members.visible(viewer, p.reportedUserID);
      await limit(deps, `report:${viewer.id}`, REPORTS_PER_HOUR, HOUR);
      await store.insertReport({
        reporter: viewer.id,
        reported: p.reportedUserID,
        kind: p.kind ?? 'user',
        comment: p.comment?.trim() || undefined,
        url: p.url?.trim() || undefined,
        now: Date.now(),
      });
      return true;
    },

    /** Admins only: the profile flags others see (docs/member-fields.md); answers the member. */
    async setFlags(
      viewer: UserRow,
      p: { userId: number; flagged?: boolean; fanProfile?: boolean; featuredArtist?: boolean },
    ): Promise<User> {
      const target = await store.byId(p.userId);
      if (!target) throw notFound('people.notFound');
      await store.setFlags(target.id, p);
      const [user] = await members.present(viewer, [(await store.byId(target.id))!]);
      return user;
    },
  };
}
