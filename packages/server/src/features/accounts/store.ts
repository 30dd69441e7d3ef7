import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';

/** SQL for accounts: members by name and the rows register and login write. */
export function accountStore(db: Db) {
  return {
    findByName(name: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('name_lower', '=', name.toLowerCase())
        .executeTakeFirst();
    },

    async takenNames(candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('name_lower')
        .where(
          'name_lower',
          'in',
          candidates.map((c) => c.toLowerCase()),
        )
        .execute();
      return new Set(rows.map((r) => r.name_lower));
    },

    async insert(values: {
      name: string;
      passwordHash: string;
      email: string;
      gender: 'm' | 'f';
      birthDate: string;
      locale: string;
      now: number;
    }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          name: values.name,
          name_lower: values.name.toLowerCase(),
          password_hash: values.passwordHash,
          email: values.email,
          gender: values.gender,
          birth_date: values.birthDate,
          locale: values.locale,
          creation_time: values.now,
          last_access: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setLocale(userId: number, locale: string): Promise<void> {
      await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
    },

    async touch(userId: number, now: number): Promise<void> {
      await db.updateTable('users').set({ last_access: now }).where('id', '=', userId).execute();
    },
  };
}
