import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import type { RateLimiter } from '../../limits/rate-limiter';
import type { PeopleService } from '../people/service';
import { hitLimit, MINUTE } from './rules';
import { settingsStore } from './settings-store';
import { userStore } from './user-store';

export interface IgnoreInputs {
  db: Db;
  limiter: RateLimiter;
  people: PeopleService;
}

/** What one member does about another in rooms: ignore their lines, report them. */
export function ignoreCalls({ db, limiter, people }: IgnoreInputs) {
  const settings = settingsStore(db);
  const users = userStore(db);

  return {
    async ignore(viewer: UserRow, userId: number, on: boolean): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'chat.self');
      if (!on) {
        await settings.unignore(viewer.id, userId);
        return true;
      }
      await people.visible(viewer, userId);
      await settings.ignore(viewer.id, userId, Date.now());
      return true;
    },

    isIgnored: (viewer: UserRow, userId: number) => settings.isIgnored(viewer.id, userId),

    async report(viewer: UserRow, userId: number, comment?: string): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'people.selfReport');
      await people.visible(viewer, userId);
      await hitLimit(limiter, `report:${viewer.id}`, 30, 60 * MINUTE);
      await users.insertReport({
        reporter: viewer.id,
        reported: userId,
        comment: comment?.trim() || undefined,
        now: Date.now(),
      });
      return true;
    },
  };
}
