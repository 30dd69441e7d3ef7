import type { User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { memberPoints } from './points';
import type { PageParams, SearchPlan, Sort } from './search-plan';
import { type Found, pageStatements } from './search-store';
import { peopleStore } from './store';
import { toUserFor, type ViewerContext } from './user-view';

export interface SearchResultPage {
  searchResults: User[];
  totalNumberResults: number;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * One page of a member search as the viewer sees it, and its total: what every search use case
 * (by name, near me, online by gender, advanced) answers.
 */
export function searchPages(deps: Pick<Deps, 'db' | 'presence' | 'ledger'>) {
  const store = peopleStore(deps.db);
  /** The page's members as the viewer sees them, in one pass: the rows carry their ties. */
  async function present(viewer: UserRow, rows: Found[]): Promise<User[]> {
    const ids: number[] = new Array(rows.length);
    const friends = new Set<number>();
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i].id;
      ids[i] = id;
      if (rows[i].is_friend) friends.add(id);
    }
    const [online, extras] = await Promise.all([
      deps.presence.sources(ids),
      memberPoints(deps.ledger, store, ids),
    ]);
    const context: ViewerContext = {
      viewerId: viewer.id,
      friends,
      // Blocked members, either way, are never found.
      blocked: NONE as Set<number>,
      blockedBy: NONE as Set<number>,
      online,
      viewerIsAdmin: viewer.is_admin === 1,
      extras,
    };
    const now = new Date();
    const users: User[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const user = toUserFor(rows[i], context, now);
      if (user.relationshipPartnerId) user.relationshipPartnerName = rows[i].partner_name ?? undefined;
      users[i] = user;
    }
    return users;
  }

  return async function page(
    viewer: UserRow,
    plan: SearchPlan,
    sort: Sort,
    p: PageParams,
    totalLimit?: number,
  ): Promise<SearchResultPage> {
    const size = p.limit ?? 20;
    const offset = ((p.page ?? 1) - 1) * size;
    const cap = totalLimit ?? Number.MAX_SAFE_INTEGER;
    const take = Math.max(0, Math.min(size, cap - offset));
    const statements = pageStatements(deps.db, viewer.id, plan, sort, offset, take);
    // The page first, then its count beside presenting the page (presence).
    const found = take ? await statements.rows() : [];
    const [total, searchResults] = await Promise.all([statements.count(), present(viewer, found)]);
    return { searchResults, totalNumberResults: Math.min(total, cap) };
  };
}
export type SearchPage = ReturnType<typeof searchPages>;
