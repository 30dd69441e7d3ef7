import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { ApiError } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';

/**
 * A member whose profile-bound things (feed, guestbook) the viewer may see, or why not: the
 * people rule (bans, blocks), then a private profile shows to its owner's friends only.
 */
export function profileAccess(db: Kysely<Database>, people: Pick<PeopleUseCases, 'visible'>) {
  const graph = socialGraph(db);
  return async (viewer: UserRow, userId: number): Promise<UserRow> => {
    if (userId === viewer.id) return viewer;
    const owner = await people.visible(viewer, userId);
    if (owner.buddies_private && !(await graph.areFriends(viewer.id, owner.id))) {
      throw new ApiError('ApiForbiddenException', 'feed.private', { name: owner.name });
    }
    return owner;
  };
}
export type ProfileAccess = ReturnType<typeof profileAccess>;
