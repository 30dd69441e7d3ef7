import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import { settingsStore } from './settings-store';

export interface IgnoreInputs {
  db: Db;
  people: PeopleUseCases;
}

/** What one member does about another in rooms: ignore their lines, report them. */
export function ignoreUseCases({ db, people }: IgnoreInputs) {
  const settings = settingsStore(db);

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

    /** Reported from a room: the same rule, limit and record as a profile report. */
    async report(viewer: UserRow, userId: number, comment?: string): Promise<boolean> {
      return people.report(viewer, { reportedUserID: userId, comment, kind: 'chat' }, 'userId');
    },
  };
}
