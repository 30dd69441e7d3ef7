import { LikeItemType, StoryLimits, type StorySettings } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { originalName, variantPrefix } from '../../media/keys';
import { mayOptInToNsfw, seesNsfw } from '../../policy/nsfw';
import { mayDeleteStory } from '../../policy/stories';
import { dropItem } from '../feed/items';
import { storySettingsStore } from './settings-store';
import { storyStore } from './store';
import { waitTimeOf } from './upload';
import type { watchUseCases } from './watch';

type One = { storyId: number; authorUserId: number };

/** Removes a story's files: the video, the poster and every resized variant of it. */
export async function removeStoryFiles(
  deps: Pick<Deps, 'video'>,
  row: { video_name: string | null; poster_key: string | null },
) {
  if (row.video_name) await deps.video.remove(row.video_name);
  if (row.poster_key) {
    await deps.video.remove(originalName(row.poster_key));
    await deps.video.remove(variantPrefix(row.poster_key));
  }
}

/**
 * Deletes a story: the row, and in the same transaction its likes, their counter and the notices
 * about it (the feed's dropItem, as for any likeable item); then its files.
 */
export async function deleteStory(
  deps: Pick<Deps, 'db' | 'video'>,
  row: { id: number; video_name: string | null; poster_key: string | null },
) {
  await deps.db.transaction().execute(async (trx) => {
    await dropItem(trx, LikeItemType.STORY, row.id);
    await storyStore(trx).remove(row.id);
  });
  await removeStoryFiles(deps, row);
}

/** Deleting, reporting, and the member's story settings (tutorial, adult content, wait time). */
export function manageUseCases(deps: Pick<Deps, 'db' | 'video'>, watch: ReturnType<typeof watchUseCases>) {
  const store = storyStore(deps.db);
  const prefs = storySettingsStore(deps.db);

  return {
    /** story/deleteStory.do: the author, or an admin removing a reported story. */
    async remove(p: One, ctx: RequestContext): Promise<boolean> {
      const viewer = me(ctx);
      const row = await store.findAny(p.storyId);
      if (!row || row.author_id !== p.authorUserId || row.expires_at <= Date.now()) {
        throw notFound('story.notFound');
      }
      if (!mayDeleteStory(viewer, row.author_id)) {
        // Someone who may not even see it learns nothing more than "not found".
        await watch.visible(viewer, p);
        throw forbidden('story.deleteForbidden');
      }
      await deleteStory(deps, row);
      return true;
    },

    /** story/reportStory.do: into the shared moderation queue (reports, kind 'story'). */
    async report(p: One & { reason: string }, ctx: RequestContext): Promise<boolean> {
      const viewer = me(ctx);
      const reason = p.reason.trim();
      if (!reason) throw invalid('reason', 'validation.required');
      const row = await watch.visible(viewer, p);
      if (row.author_id === viewer.id) throw forbidden('story.reportOwn');
      await prefs.report({
        reporterId: viewer.id,
        authorId: row.author_id,
        storyId: row.id,
        reason,
        now: Date.now(),
      });
      return true;
    },

    async completedTutorial(ctx: RequestContext): Promise<boolean> {
      await prefs.saveSetting(me(ctx).id, { tutorial_done: 1 });
      return true;
    },

    async allowNsfw(p: { allow?: boolean }, ctx: RequestContext): Promise<boolean> {
      const allow = p.allow ?? true;
      if (!mayOptInToNsfw(me(ctx), allow)) throw forbidden('nsfw.minor');
      await prefs.saveSetting(me(ctx).id, { nsfw_allowed: allow ? 1 : 0 });
      return allow;
    },

    async waitTime(ctx: RequestContext): Promise<number> {
      return waitTimeOf(deps, me(ctx).id, Date.now());
    },

    async settings(ctx: RequestContext): Promise<StorySettings> {
      const user = me(ctx);
      const saved = await prefs.settings(user.id);
      return {
        tutorialCompleted: saved.tutorialDone,
        allowNSFW: seesNsfw(user, saved.nsfwAllowed),
        waitTime: await waitTimeOf(deps, user.id, Date.now()),
        maxSeconds: StoryLimits.MAX_SECONDS,
        videoAvailable: deps.video.available,
      };
    },
  };
}
