import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { ImageAccess } from '../../media/routes';
import { audienceSees, isOpenPhoto, photoAudienceFor, staffSeesReportedPhoto } from '../../policy/photos';
import { isHidden } from '../../policy/standing';
import { photoStore } from './store';

/**
 * Who may load a stored image (media/routes.ts asks before serving any size of it):
 * - a key that is no photo (pictures stored by other features under unguessable keys): anyone;
 * - the owner's current profile picture or background: anyone (the profile shows them);
 * - a photo open to everyone (public, not backstage, NSFW or quarantined, owner's profile not
 *   private, owner not banned): anyone but a member blocked either way, cacheable for good;
 * - any other photo: only a logged-in viewer the photo audience rule lets see it, checked on
 *   every request; to everyone else it does not exist (404), however they got the URL.
 */
export function photoImageAccess(db: Kysely<Database>): ImageAccess {
  const store = photoStore(db);
  return async (key: string, viewer: UserRow | null) => {
    const sight = await store.imageSight(key);
    if (!sight) return 'open';
    if (sight.image1 === key || sight.bg_image === key) return 'open';
    const open = isOpenPhoto(sight) && !sight.buddies_private && !isHidden(sight);
    if (open && (!viewer || viewer.id === sight.owner_id)) return 'open';
    if (!viewer) return 'denied';
    const owner = { id: sight.owner_id, buddies_private: sight.buddies_private, banned_at: sight.banned_at };
    const audience = await photoAudienceFor(db, viewer, owner);
    if (!audienceSees(audience, sight))
      return (await staffSeesReportedPhoto(db, viewer, sight)) ? 'allowed' : 'denied';
    return open ? 'open' : 'allowed';
  };
}
