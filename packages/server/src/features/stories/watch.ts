import { imageUrl, type Story, StoryState, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext, type UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { seesNsfw } from '../../policy/nsfw';
import { maySeeStories, maySeeViewers, mayShowNsfw } from '../../policy/stories';
import { toStory } from './present';
import { storySettingsStore } from './settings-store';
import { type StoryRow, storyStore } from './store';

type Page = { page?: number; limit?: number };
type Filters = { filterMine?: boolean; filterViewed?: boolean };
type One = { storyId: number; authorUserId: number };

/** How many of a story's latest likers getStory.do names (likeCount has the total). */
const LIKERS_SHOWN = 3;

const toUser = (r: { id: number; name: string; image1: string | null }): User => ({
  uid: r.id,
  name: r.name,
  image1: r.image1 ? imageUrl(r.image1) : undefined,
});

const offsetOf = (p: Page, limit: number) => ((p.page ?? 1) - 1) * limit;

/** Watching stories: the strip, one member's stories, one story, views and viewers. */
export function watchUseCases(deps: Pick<Deps, 'db'>) {
  const store = storyStore(deps.db);
  const prefs = storySettingsStore(deps.db);
  const graph = socialGraph(deps.db);

  /** The author's stories as this viewer may see them: the policy rule with the ties read here. */
  async function mayWatch(viewer: UserRow, author: { id: number; private: number; banned: number }) {
    const isAuthor = viewer.id === author.id;
    const ties = isAuthor ? undefined : await graph.tiesWith(viewer.id, author.id);
    return maySeeStories({
      isAuthor,
      blocked: !!ties && (ties.blocked || ties.blockedBy),
      isFriend: !!ties?.isFriend,
      authorPrivate: author.private === 1,
      authorBanned: author.banned > 0,
    });
  }

  /** A live story the viewer may watch (ready, or their own); otherwise the same 404 as a missing one. */
  async function visible(viewer: UserRow, p: One, now = Date.now()): Promise<StoryRow> {
    const row = await store.find(p.storyId, viewer.id, now);
    if (!row || row.author_id !== p.authorUserId) throw notFound('story.notFound');
    const isAuthor = row.author_id === viewer.id;
    if (!isAuthor && row.state !== StoryState.READY) throw notFound('story.notFound');
    const author = { id: row.author_id, private: row.author_private, banned: row.author_banned };
    if (!(await mayWatch(viewer, author))) throw notFound('story.notFound');
    if (
      !mayShowNsfw(isAuthor, row.nsfw === 1, seesNsfw(viewer, (await prefs.settings(viewer.id)).nsfwAllowed))
    ) {
      throw notFound('story.notFound');
    }
    return row;
  }

  async function list(viewer: UserRow, p: Filters & Page): Promise<StoryRow[]> {
    const limit = p.limit ?? 50;
    return store.list({
      viewerId: viewer.id,
      now: Date.now(),
      filterMine: !!p.filterMine,
      filterViewed: !!p.filterViewed,
      nsfwAllowed: seesNsfw(viewer, (await prefs.settings(viewer.id)).nsfwAllowed),
      limit,
      offset: offsetOf(p, limit),
    });
  }

  /** Story.likes: the latest likers (LIKERS_SHOWN), for the one to three stories getStory answers. */
  async function withLikers(viewer: UserRow, rows: StoryRow[]): Promise<Story[]> {
    return Promise.all(
      rows.map(async (row) => ({
        ...toStory(row),
        likes: (await store.recentLikers(row.id, viewer.id, LIKERS_SHOWN)).map(toUser),
      })),
    );
  }

  return {
    visible,

    async all(p: Filters & Page, ctx: RequestContext): Promise<Story[]> {
      return (await list(me(ctx), p)).map(toStory);
    },

    async ofUser(p: { authorUserId: number }, ctx: RequestContext): Promise<Story[]> {
      const viewer = me(ctx);
      const rows = await store.ofAuthor(p.authorUserId, viewer.id, Date.now());
      if (!rows.length) return [];
      const first = rows[0];
      const author = { id: first.author_id, private: first.author_private, banned: first.author_banned };
      if (!(await mayWatch(viewer, author))) throw notFound('story.notFound');
      const allowed = seesNsfw(viewer, (await prefs.settings(viewer.id)).nsfwAllowed);
      return rows.filter((r) => mayShowNsfw(r.author_id === viewer.id, r.nsfw === 1, allowed)).map(toStory);
    },

    /**
     * One story. browsable: the answer also holds the story before it and the one after it in the
     * strip's order (same filters), so the viewer can step back and forth: [previous?, story, next?].
     */
    async one(p: One & Filters & { browsable?: boolean }, ctx: RequestContext): Promise<Story[]> {
      const viewer = me(ctx);
      const row = await visible(viewer, p);
      if (!p.browsable) return withLikers(viewer, [row]);
      const strip = await list(viewer, { ...p, page: 1, limit: 100 });
      const at = strip.findIndex((s) => s.id === row.id);
      if (at < 0) return withLikers(viewer, [row]);
      return withLikers(viewer, strip.slice(Math.max(0, at - 1), at + 2));
    },

    /** story/registerView.do: counted once per member; the author's own views never count. */
    async registerView(p: One, ctx: RequestContext): Promise<number> {
      const viewer = me(ctx);
      const row = await visible(viewer, p);
      if (row.author_id === viewer.id) return row.view_count;
      return store.addView(row.id, viewer.id, Date.now());
    },

    /** story/getViewers.do: the author only. */
    async viewers(p: One & Page, ctx: RequestContext): Promise<User[]> {
      const viewer = me(ctx);
      const row = await visible(viewer, p);
      if (!maySeeViewers(viewer.id, row.author_id)) throw forbidden('story.viewersAuthorOnly');
      const limit = p.limit ?? 50;
      const rows = await store.viewers(row.id, limit, offsetOf(p, limit));
      return rows.map(toUser);
    },
  };
}
