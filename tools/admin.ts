import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest, OTHER_PROCESSES_MS } from '../packages/server/src/db/index';
import { memberWritesOf } from '../packages/server/src/db/member-writes';
import { recordBirthdays } from '../packages/server/src/features/feed/log';
import { shareMemberChanges } from '../packages/server/src/http/member-changes';
import { SessionCache } from '../packages/server/src/http/session-cache';
import { redisBus } from '../packages/server/src/push/bus';

/**
 * Operator commands on the configured database (same env as the server):
 *   npm run admin -- grant NAME     make a member an admin
 *   npm run admin -- revoke NAME    take admin rights away
 *   npm run admin -- unban NAME     lift a ban
 *   npm run admin -- birthdays      write today's birthday feed events now (the hourly job's
 *                                   work, e.g. with BIRTHDAY_JOB=false or after a restore)
 */
const USAGE = 'usage: npm run admin -- grant|revoke|unban NAME | birthdays';

export async function runAdmin(args: string[], env = process.env): Promise<string> {
  const [command, name] = args;
  if (command === 'birthdays') return runBirthdays(env);
  if (!name || !['grant', 'revoke', 'unban'].includes(command)) throw new Error(USAGE);
  const config = loadConfig(env);
  const db = await createDb(config);
  // Running servers cache members' rows: on SQLite they notice another process's commit within
  // OTHER_PROCESSES_MS (db/index.ts); with Redis this command tells every instance, as a server's own write does.
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `${config.redisPrefix}push`) : undefined;
  if (bus) memberWritesOf(db).listen(shareMemberChanges(bus, new SessionCache(), () => console));
  try {
    await migrateToLatest(db);
    const set = command === 'unban' ? { banned_at: 0 } : { is_admin: command === 'grant' ? 1 : 0 };
    const result = await db
      .updateTable('users')
      .set(set)
      .where('name_lower', '=', name.toLowerCase())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Error(`no member named "${name}"`);
    // A server on the same SQLite file looks for other processes' commits every
    // OTHER_PROCESSES_MS: once this returns, every request sees the change.
    if (!bus) await sleep(OTHER_PROCESSES_MS);
    return `${command}: ${name}`;
  } finally {
    await db.destroy();
    await bus?.close();
  }
}

/** The birthday job's run for today, once (its keys make a repeat add nothing). */
async function runBirthdays(env: NodeJS.ProcessEnv): Promise<string> {
  const db = await createDb(loadConfig(env));
  try {
    await migrateToLatest(db);
    const added = await recordBirthdays(db, Date.now());
    return `birthdays: ${added} added`;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1]?.endsWith('admin.ts')) {
  runAdmin(process.argv.slice(2)).then(
    (text) => console.log(text),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
