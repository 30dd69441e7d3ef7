import { BuddySort, CHURN_DAYS, ChurnType, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { near } from '../people/search';
import type { PeopleUseCases } from '../people/use-cases';
import {
  awaySince,
  countAppearingOnline,
  type FriendPageQuery,
  friendPage,
  nameStartsWith,
} from './friend-list-store';
import { inviteStore } from './invite-store';

const DAY = 86_400_000;
// Up to this many members online, a friend list takes them all (one array parameter, the
// database keeps the friends); above it, it lists the friends and asks presence about each.
const ONLINE_LIST_MAX = 1000;
const PAGE_SIZE = 50;
type Page = { page?: number; limit?: number };

/** Friend lists: the sorted pages, search, near me, churned friends and the online count. */
export function listUseCases(
  deps: Pick<Deps, 'db' | 'presence'>,
  people: Pick<PeopleUseCases, 'visible' | 'present'>,
) {
  const graph = socialGraph(deps.db);
  const invites = inviteStore(deps.db);

  /** Whose list it is, after the privacy rule: a private list shows to its owner and friends only. */
  async function ownerOf(viewer: UserRow, ownerId?: number): Promise<UserRow> {
    const owner = ownerId && ownerId !== viewer.id ? await people.visible(viewer, ownerId) : viewer;
    if (owner.id !== viewer.id && owner.buddies_private && !(await graph.areFriends(viewer.id, owner.id))) {
      throw new ApiError('ApiForbiddenException', 'buddies.private', { name: owner.name });
    }
    return owner;
  }

  async function onlineFriends(ownerId: number): Promise<number[]> {
    return [...(await deps.presence.sources(await graph.friendIds(ownerId))).keys()];
  }

  /**
   * Who ranks as online in a friend list: every online member while there are few enough to
   * list (the database keeps the friends among them), else the friends asked one by one.
   * Listing 5,000 friends and asking presence about each took longer than the page itself
   * (tools/bench/buddies.ts).
   */
  async function onlineForOrder(ownerId: number): Promise<number[]> {
    const online = await deps.presence.onlineUserIds(ONLINE_LIST_MAX + 1);
    return online.length <= ONLINE_LIST_MAX ? online : onlineFriends(ownerId);
  }

  /** A page of the owner's friends as the viewer sees them; positions only on one's own list. */
  async function page(
    viewer: UserRow,
    owner: UserRow,
    p: Page,
    query: Pick<FriendPageQuery, 'sort' | 'online' | 'filter'>,
  ): Promise<User[]> {
    const limit = p.limit ?? PAGE_SIZE;
    const rows = await friendPage(deps.db, {
      ...query,
      owner: owner.id,
      offset: ((p.page ?? 1) - 1) * limit,
      limit,
      hideBlockersOf: owner.id === viewer.id ? undefined : viewer.id,
    });
    const users = await people.present(viewer, rows);
    // Set on the fresh views, not spread into copies: a spread followed by a new property is
    // V8's slow path, ~13 µs a member (50 a page).
    if (owner.id === viewer.id)
      for (const [i, user] of users.entries()) user.buddyPosition = rows[i].position;
    return users;
  }

  async function sorted(viewer: UserRow, sort: BuddySort, ownerId: number | undefined, p: Page) {
    const owner = await ownerOf(viewer, ownerId);
    return page(viewer, owner, p, { sort, online: await onlineForOrder(owner.id) });
  }

  return {
    list: (viewer: UserRow, p: Page & { onlineSort?: boolean; userId?: number }) =>
      sorted(viewer, p.onlineSort ? BuddySort.ONLINE_DEFAULT : (viewer.buddy_sort as BuddySort), p.userId, p),

    sorted: (viewer: UserRow, p: Page & { sort: BuddySort; userId?: number }) =>
      sorted(viewer, p.sort, p.userId, p),

    async search(viewer: UserRow, p: Page & { name: string; userId?: number }) {
      const owner = await ownerOf(viewer, p.userId);
      return page(viewer, owner, p, {
        sort: BuddySort.ALPHABETICAL,
        online: [],
        filter: nameStartsWith(p.name.trim().toLowerCase()),
      });
    },

    async nearMe(viewer: UserRow, p: Page & { userId?: number }) {
      const owner = await ownerOf(viewer, p.userId);
      return page(viewer, owner, p, {
        sort: BuddySort.ONLINE_DEFAULT,
        online: await onlineForOrder(owner.id),
        filter: (eb) => near(eb as never, viewer),
      });
    },

    /** Online as others see it: friends who do not appear online are not counted. */
    async onlineCount(viewer: UserRow): Promise<number> {
      return countAppearingOnline(deps.db, await onlineFriends(viewer.id));
    },

    /** Friends away longer than the type's threshold (14, 30 or 90 days), most recently seen first. */
    async churned(viewer: UserRow, p: Page & { type?: number; showInvited?: boolean }) {
      const type = p.type ?? ChurnType.WEEKS;
      const cutoff = Date.now() - CHURN_DAYS[type] * DAY;
      const [dismissed, invited] = await Promise.all([
        invites.churnDismissed(viewer.id, type),
        invites.invitedBy(viewer.id),
      ]);
      const skip = [...dismissed, ...(p.showInvited ? [] : invited)];
      // With nobody online, ONLINE_ACCESS_DEFAULT is "most recently seen first".
      return page(viewer, viewer, p, {
        sort: BuddySort.ONLINE_ACCESS_DEFAULT,
        online: [],
        filter: awaySince(cutoff, skip),
      });
    },

    async dismissChurned(viewer: UserRow, friendId: number, type: number): Promise<boolean> {
      if (!(await graph.areFriends(viewer.id, friendId))) throw notFound('buddies.notFriends');
      await invites.dismissChurn(viewer.id, friendId, type);
      return true;
    },
  };
}
