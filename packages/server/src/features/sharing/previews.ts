import { imageUrl, PhotoPrivacy, RoomType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PageWithPreview } from '../../http/web-routes';
import { maySeeItem } from '../../policy/privacy';
import { isDeleted, isHidden } from '../../policy/standing';
import { mediaPreviews } from './media-previews';
import type { Preview } from './preview';
import { previewStore } from './store';

/** The Open Graph card of a shared link. */

const DESCRIPTION_MAX = 200;
const clip = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
const PUBLIC_ROOMS: number[] = [RoomType.PUBLIC, RoomType.USER_PUBLIC];

/**
 * Link previews (docs/web-push.md, "Sharing") for what anyone may see without logging in: a
 * public profile, a public room, a public status, a public photo, a story or broadcast of a
 * public profile (media-previews.ts). Anything else (a private profile, a friends-only
 * status, a banned member, an invite-only room) gets the site's plain card: a preview must never
 * tell a stranger what the page would not.
 */
export function linkPreviews(db: Kysely<Database>) {
  const store = previewStore(db);
  const publicMember = publicMemberOf(store);

  const media = mediaPreviews(store, publicMember, clip);

  return {
    async previewOf(pathname: string, query: URLSearchParams): Promise<Preview | undefined> {
      const id = (name: string) => {
        const n = Number(query.get(name));
        return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
      };
      if (pathname === '/html/profile-view.jsp') {
        const uid = id('user');
        const member = uid ? await publicMember(uid) : undefined;
        if (!member) return undefined;
        return {
          title: `${member.name} · Tertulia`,
          description: clip(member.about?.trim() || `Perfil de ${member.name} en Tertulia`),
          image: member.image1 ? imageUrl(member.image1, { width: 600 }) : undefined,
        };
      }
      const room = /^\/chat\/room\/(\d+)$/.exec(pathname);
      if (room) {
        const row = await store.room(Number(room[1]));
        if (!row || !PUBLIC_ROOMS.includes(row.room_type)) return undefined;
        return {
          title: `${row.display_name} · Tertulia`,
          description: clip(
            `Sala de chat${row.category ? ` · ${row.category}` : ''}. Entra y charla en Tertulia.`,
          ),
        };
      }
      if (pathname === '/feed') {
        const statusId = id('status');
        const status = statusId ? await store.status(statusId) : undefined;
        if (status?.nsfw !== 0) return undefined;
        const author = await publicMember(status.user_id);
        const visible =
          author &&
          maySeeItem({ privacy: status.privacy, isAuthor: false, isFriend: false, authorPrivate: false }) &&
          status.privacy === PhotoPrivacy.PUBLIC;
        if (!visible) return undefined;
        return {
          title: `${author.name} · Tertulia`,
          description: clip(status.text.trim() || `Publicación de ${author.name}`),
          image: status.image_key ? imageUrl(status.image_key, { width: 600 }) : undefined,
        };
      }
      const postId = pathname === '/html/album/photoalbum-view.jsp' ? id('postid') : undefined;
      if (postId) return media.photo(postId);
      const storyId = pathname === '/stories' ? id('s') : undefined;
      if (storyId) return media.story(storyId, Date.now());
      const liveId = pathname === '/live' ? id('u') : undefined;
      if (liveId) return media.broadcast(liveId);
      return undefined;
    },
  };
}

/** A member whose profile anyone may see (public, not banned or deleted), or undefined. */
export function publicMemberOf(store: ReturnType<typeof previewStore>) {
  return async (id: number) => {
    const row = await store.member(id);
    return row && !isHidden(row) && !isDeleted(row) && row.buddies_private === 0 ? row : undefined;
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's head with the card's tags (absolute URLs: crawlers do not resolve relative ones). */
export function withPreview(html: string, preview: Preview, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Tertulia'],
    ['og:locale', 'es_ES'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', pageUrl],
    ...(preview.image ? [['og:image', new URL(preview.image, origin).href]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`)
    .join('');
  const twitter = `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" />`;
  // Replacer functions, never replacement strings: a `$'` or `$&` in a name or status would be
  // read as a pattern and copy parts of the page into it.
  const title = `<title>${escapeHtml(preview.title)}</title>`;
  return html
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace('</head>', () => `${tags}${twitter}</head>`);
}

/** The index page with the card of a shared link to public content, or undefined (http/web-routes.ts). */
export function pagesWithPreview(db: Kysely<Database>): PageWithPreview {
  const previews = linkPreviews(db);
  return async (indexHtml, url) => {
    const preview = await previews.previewOf(url.pathname, url.searchParams);
    return preview && withPreview(indexHtml, preview, url.href);
  };
}
