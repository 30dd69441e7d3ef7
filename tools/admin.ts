import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest, OTHER_PROCESSES_MS } from '../packages/server/src/db/index';
import { memberWritesOf } from '../packages/server/src/db/member-writes';
import { recordBirthdays } from '../packages/server/src/features/feed/log';
import { SessionCache } from '../packages/server/src/http/session-cache';
import { createLedger } from '../packages/server/src/ledger/ledger';
import { redisBus } from '../packages/server/src/push/bus';
import { shareMemberChanges } from '../packages/server/src/push/member-changes';
import { GAME_USAGE, runGames } from './admin-games';
import { GIFT_USAGE, runGifts } from './admin-gifts';
import { LIVE_USAGE, runLive } from './admin-live';
import { MODERATION_COMMANDS, MODERATION_USAGE, runModeration } from './admin-moderation';

/**
 * Operator commands on the configured database (same env as the server):
 *   npm run admin -- grant NAME     make a member an admin
 *   npm run admin -- revoke NAME    take admin rights away
 *   npm run admin -- birthdays      write today's birthday feed events now (the hourly job's
 *                                   work, e.g. with BIRTHDAY_JOB=false or after a restore)
 *   npm run admin -- grant-gold NAME AMOUNT REASON...   give gold; the reason is kept in the ledger
 *   npm run admin -- grant-love NAME AMOUNT REASON...   give love points, the same way
 *   npm run admin -- books          check the books (docs/ledger.md); exits 1 when they do not balance
 * and the admin area's actions, audited, as a named admin (tools/admin-moderation.ts):
 *   npm run admin -- ban NAME DAYS REASON... --by ADMIN, unban, role, verify, resolve, quarantine
 * and the games catalogue (tools/admin-games.ts): npm run admin -- game list | register | feature | hide | retire ...
 * and the gift catalogue (tools/admin-gifts.ts): npm run admin -- gift list | add | edit | retire | voucher ...
 * and live broadcasts (tools/admin-live.ts): npm run admin -- live end BROADCAST_ID|USERNAME --by ADMIN
 * `grant`/`revoke` stay for making the first admin, when no admin exists yet to act. Unban is
 * only the audited use case (features/admin/bans.ts), named admin required, like the admin area.
 */
const USAGE = `usage: npm run admin -- grant|revoke NAME | birthdays | grant-gold|grant-love NAME AMOUNT REASON | books\n${MODERATION_USAGE}\n${GAME_USAGE}\n${GIFT_USAGE}\n${LIVE_USAGE}`;

export async function runAdmin(args: string[], env = process.env): Promise<string> {
  const [command, name] = args;
  if (command === 'birthdays') return runBirthdays(env);
  if (command === 'books') return checkBooks(env);
  if (command === 'game') return runGames(args.slice(1), env);
  if (command === 'gift') return runGifts(args.slice(1), env);
  if (command === 'live') return runLive(args.slice(1), env);
  if (command === 'grant-gold') return grantCurrency('gold', args.slice(1), env);
  if (command === 'grant-love') return grantCurrency('love', args.slice(1), env);
  if (MODERATION_COMMANDS.includes(command)) return runModeration(args, env);
  if (!name || !['grant', 'revoke'].includes(command)) throw new Error(USAGE);
  const config = loadConfig(env);
  const db = await createDb(config);
  // Running servers cache members' rows: on SQLite they notice another process's commit within
  // OTHER_PROCESSES_MS (db/index.ts); with Redis this command tells every instance, as a server's own write does.
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `${config.redisPrefix}push`) : undefined;
  if (bus) memberWritesOf(db).listen(shareMemberChanges(bus, new SessionCache(), () => console));
  try {
    await migrateToLatest(db);
    const result = await db
      .updateTable('users')
      .set({ is_admin: command === 'grant' ? 1 : 0 })
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

/** The ledger's books: balanced or not, with what does not add up. */
async function checkBooks(env: NodeJS.ProcessEnv): Promise<string> {
  const db = await createDb(loadConfig(env));
  try {
    await migrateToLatest(db);
    const books = await createLedger(db).checkBooks();
    const lines = [
      `books: ${books.balanced ? 'balanced' : 'NOT BALANCED'}`,
      `accounts ${books.accounts}, transfers ${books.transfers}, entries ${books.entries}`,
      ...books.totals.map((t) => `sum of ${t.currency} entries: ${t.total}`),
      ...books.drifted.map((d) => `drifted ${d.key}: balance ${d.balance}, entries ${d.entries}`),
      ...books.unbalanced.map((id) => `transfer ${id} does not sum to zero`),
      ...books.negative.map((key) => `below zero (refund or dispute): ${key}`),
    ];
    if (!books.balanced) throw new Error(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await db.destroy();
  }
}

/** Gold or love points an operator gives a member, with the reason recorded on the ledger's transfer. */
async function grantCurrency(
  currency: 'gold' | 'love',
  [name, amountText, ...reasonWords]: string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const amount = Number(amountText);
  const reason = reasonWords.join(' ').trim();
  if (!name || !Number.isInteger(amount) || amount <= 0 || !reason) throw new Error(USAGE);
  const db = await createDb(loadConfig(env));
  try {
    await migrateToLatest(db);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('name_lower', '=', name.toLowerCase())
      .executeTakeFirst();
    if (!user) throw new Error(`no member named "${name}"`);
    const ledger = createLedger(db);
    await ledger.grant({
      uid: user.id,
      amount,
      reason,
      actorId: 0,
      key: `admin-grant:${randomUUID()}`,
      currency,
    });
    const balance = (await ledger.balances(user.id))[currency];
    return `grant-${currency}: ${amount} to ${name} (${reason}); ${currency} now ${balance}`;
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
