import { imageUrl } from '@tertulia/contract';
import { isOpenPhoto } from '../../policy/photos';
import type { Preview } from './preview';
import type { previewStore } from './store';

type Store = ReturnType<typeof previewStore>;
/** A member anyone may see (public profile, not banned, not deleted), or undefined. */
type PublicMember = (id: number) => Promise<{ id: number; name: string; image1: string | null } | undefined>;

const avatar = (member: { image1: string | null }) =>
  member.image1 ? imageUrl(member.image1, { width: 600 }) : undefined;

/**
 * Cards for shared photos, stories and broadcasts (docs/web-push.md, "Sharing"). Each shows only
 * what an anonymous visitor could see of the page it links to.
 */
export function mediaPreviews(store: Store, publicMember: PublicMember, clip: (text: string) => string) {
  return {
    /** A photo whose image URL anyone may load (public, not backstage, NSFW or hidden) and the owner let be shared. */
    async photo(photoId: number): Promise<Preview | undefined> {
      const photo = await store.photo(photoId);
      if (!photo || !isOpenPhoto(photo) || photo.shareable === 0) return undefined;
      const owner = await publicMember(photo.owner_id);
      if (!owner) return undefined;
      return {
        title: `Foto de ${owner.name} · Tertulia`,
        description: clip(photo.caption?.trim() || `Mira la foto de ${owner.name} en Tertulia.`),
        image: imageUrl(photo.image_key, { width: 600 }),
      };
    },

    /**
     * Stories are for members only (the story calls need login): the card says whose story it is,
     * with the author's profile picture, never the story's own frame. Only while the story is up
     * and not adult-flagged, and only for an author with a public profile.
     */
    async story(storyId: number, now: number): Promise<Preview | undefined> {
      const story = await store.story(storyId);
      if (story?.state !== 'ready' || story.nsfw !== 0 || Number(story.expires_at) <= now) return undefined;
      const author = await publicMember(story.author_id);
      if (!author) return undefined;
      return {
        title: `Historia de ${author.name} · Tertulia`,
        description: `Entra en Tertulia para ver la historia de ${author.name}.`,
        image: avatar(author),
      };
    },

    /** A broadcast on air, of a member with a public profile. */
    async broadcast(userId: number): Promise<Preview | undefined> {
      const member = await publicMember(userId);
      if (!member || !(await store.onAir(userId))) return undefined;
      return {
        title: `${member.name} está en directo · Tertulia`,
        description: `Mira la transmisión en directo de ${member.name} en Tertulia.`,
        image: avatar(member),
      };
    },
  };
}
