import { IMAGE_PATH } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PublicProfile } from '../../http/server-render';
import { publicMemberOf } from './previews';
import { previewStore } from './store';

/**
 * A public profile as a visitor sees it in the server-rendered page (docs/first-paint.md): the
 * same rule and the same fields as its link preview (name, about, profile picture), never more.
 */
export function publicProfiles(db: Kysely<Database>) {
  const publicMember = publicMemberOf(previewStore(db));
  return async (uid: number): Promise<PublicProfile | undefined> => {
    const row = await publicMember(uid);
    if (!row) return undefined;
    return {
      uid: row.id,
      name: row.name,
      about: row.about?.trim() || undefined,
      // The form User.image1 takes (features/people/user-view.ts), which the web sizes.
      image1: row.image1 ? `${IMAGE_PATH}/${encodeURIComponent(row.image1)}` : undefined,
    };
  };
}
