import type { User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { memberPoints } from './points';
import { applyProfileMedia } from './profile-media';
import type { PeopleStore } from './store';
import { type ShownRow, toUserFor, type ViewerContext } from './user-view';

/**
 * Members as one viewer sees them: whom they may see at all (policy/graph's maySeeMember) and
 * how each looks to them (user-view.ts). Every feature that shows members asks here.
 */
export function memberViews(
  deps: Pick<Deps, 'db' | 'presence' | 'ledger'> & Partial<Pick<Deps, 'profileGames'>>,
  store: PeopleStore,
) {
  const graph = socialGraph(deps.db);

  async function viewerContext(viewerId: number, ids: number[]): Promise<ViewerContext> {
    const others = ids.filter((id) => id !== viewerId);
    const [ties, online] = await Promise.all([graph.tiesAmong(viewerId, others), deps.presence.sources(ids)]);
    return { viewerId, ...ties, online };
  }

  /** Members as the viewer sees them, with partner names; the rows' order is kept. */
  async function present(viewer: UserRow, rows: ShownRow[]): Promise<User[]> {
    const ids = rows.map((r) => r.id);
    const [context, extras] = await Promise.all([
      viewerContext(viewer.id, ids),
      memberPoints(deps.ledger, store, ids),
    ]);
    context.extras = extras;
    context.viewerIsAdmin = viewer.is_admin === 1;
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

  /** A member the viewer may see (policy/graph.ts's maySeeMember), else 404. */
  async function visible(viewer: UserRow, userId: number): Promise<UserRow> {
    const row = await store.byId(userId);
    if (!row || !(await graph.maySeeMember(viewer, row))) throw notFound('people.notFound');
    return row;
  }

  return {
    viewerContext,
    present,
    visible,

    async getUser(viewer: UserRow, userId: number): Promise<User> {
      const [[user], games] = await Promise.all([
        visible(viewer, userId).then(async (row) => {
          const shown = await present(viewer, [row]);
          // The profile song and video: the profile page's own (profile-media.ts), not lists'.
          applyProfileMedia(shown[0], row, viewer, shown[0].isFriend === true);
          return shown;
        }),
        // The profile's games (User.game), by the games feature's rules (docs/games.md).
        deps.profileGames?.profileEntries(viewer, userId),
      ]);
      if (games?.length) user.game = games;
      return user;
    },
  };
}
export type MemberViews = ReturnType<typeof memberViews>;
