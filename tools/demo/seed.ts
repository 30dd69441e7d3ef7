import { hash } from '@node-rs/argon2';
import type { Db } from '../../packages/server/src/db/index';
import { seedBuddies } from './buddies';
import { seedChat } from './chat';
import { seedFeed } from './feed';
import { seedMessaging } from './messaging';
import { seedPremium } from './premium';
import { seedPush } from './push';

/** Demo members; every feature adds its own demo content through a seeder below. */
export const DEMO_PASSWORD = 'tertulia-demo';
export const DEMO_MEMBERS = [
  { name: 'lucia', gender: 'f' as const, birth: '1994-03-12', star: 2, is_admin: 0 },
  { name: 'mateo', gender: 'm' as const, birth: '1990-11-02', star: 0, is_admin: 0 },
  { name: 'valentina', gender: 'f' as const, birth: '1998-07-21', star: 1, is_admin: 0 },
  { name: 'admin', gender: 'm' as const, birth: '1985-01-30', star: 3, is_admin: 1 },
  { name: 'carlos', gender: 'm' as const, birth: '1987-05-09', star: 0, is_admin: 0 },
  { name: 'sofia', gender: 'f' as const, birth: '2000-09-14', star: 0, is_admin: 0 },
  { name: 'diego', gender: 'm' as const, birth: '1995-12-01', star: 2, is_admin: 0 },
  { name: 'camila', gender: 'f' as const, birth: '1992-02-27', star: 0, is_admin: 0 },
];

export type Seeder = (db: Db, members: Map<string, number>) => Promise<void>;

/** Feature issues append their seeders (friends, messages, rooms, posts...). */
export const seeders: Seeder[] = [seedBuddies, seedMessaging, seedChat, seedFeed, seedPremium, seedPush];

/** Creates the demo members and their content once; running it again changes nothing. */
export async function seedDemo(db: Db): Promise<Map<string, number>> {
  const ids = await seedDemoMembers(db);
  await seedDemoContent(db, ids);
  return ids;
}

/** Friends, messages, rooms, posts... among the demo members (each seeder runs once). */
export async function seedDemoContent(db: Db, ids: Map<string, number>): Promise<void> {
  for (const seeder of seeders) await seeder(db, ids);
}

/** The demo members alone, created once. */
export async function seedDemoMembers(db: Db): Promise<Map<string, number>> {
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 });
  const now = Date.now();
  const ids = new Map<string, number>();
  for (const m of DEMO_MEMBERS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('name_lower', '=', m.name)
      .executeTakeFirst();
    const row =
      existing ??
      (await db
        .insertInto('users')
        .values({
          name: m.name,
          name_lower: m.name,
          password_hash: passwordHash,
          email: `${m.name}@demo.tertulia.test`,
          gender: m.gender,
          birth_date: m.birth,
          locale: 'es',
          verified: 1,
          star: m.star,
          is_admin: m.is_admin,
          creation_time: now,
          last_access: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    ids.set(m.name, row.id);
  }
  return ids;
}
