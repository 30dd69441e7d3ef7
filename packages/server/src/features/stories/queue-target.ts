import { imageUrl, type ReportContext } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { removeStoryFiles } from './manage';
import { storyStore } from './store';

/** What the moderation queue needs of a reported story (features/admin/kinds.ts). */
export function storyQueueTarget(deps: Pick<Deps, 'db' | 'video'>) {
  const store = storyStore(deps.db);
  return {
    async context(storyId: number): Promise<ReportContext> {
      const row = await store.findAny(storyId);
      if (!row) return { type: 'story', gone: true };
      return {
        type: 'story',
        image: row.poster_key ? imageUrl(row.poster_key, { width: 480 }) : undefined,
        link: `/html/profile-view.jsp?user=${row.author_id}`,
      };
    },

    /** Takes the story down in the resolution's transaction; answers its files for afterwards. */
    async remove(trx: Kysely<Database>, storyId: number) {
      const row = await storyStore(trx).findAny(storyId);
      if (row) await storyStore(trx).remove(row.id);
      return row;
    },

    removeFiles: (row: { video_name: string | null; poster_key: string | null }) =>
      removeStoryFiles(deps, row),
  };
}
