/**
 * Gift purchases per second through the ledger (`deps.ledger.run`: idempotency key, conditional
 * debit of the sender's gold, credit of the receiver's gems and love point, double entries, the
 * gift row)
 * beside a bare transaction doing the same debit, credit and insert on plain tables, same
 * database, same run, same concurrent senders (`node --import tsx tools/bench/gifts.ts`; set
 * BENCH_DATABASE_URL=postgres://... for PostgreSQL). Target: ours ≥ 0.7x the bare one, with the
 * books balanced afterwards. Not a timed test: it prints numbers and the ratio.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { giftStore } from '../../packages/server/src/features/gifts/store';
import { member, system } from '../../packages/server/src/ledger/ledger';
import { fmt, ourApp, reportBench } from './_shared';

const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.7;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const schema = databaseUrl ? `bench_${randomUUID().slice(0, 8)}` : undefined;

const ours = await ourApp({ databaseUrl, databaseSchema: schema });
const { db, ledger } = ours.deps;
const gifts = giftStore(db);
const ids = Array.from({ length: SENDERS }, (_, i) => 900_000 + i);

// The bare reference: one wallet row per member, the gift row, nothing else.
await sql`CREATE TABLE bare_wallets (id integer PRIMARY KEY, gold bigint NOT NULL, gems bigint NOT NULL, love bigint NOT NULL)`.execute(
  db,
);
await sql`CREATE TABLE bare_gifts (id ${sql.raw(databaseUrl ? 'serial' : 'integer')} PRIMARY KEY, sender_id integer NOT NULL, receiver_id integer NOT NULL, gift_id integer NOT NULL, price integer NOT NULL, value integer NOT NULL, created_at bigint NOT NULL)`.execute(
  db,
);
for (const id of ids) {
  await sql`INSERT INTO bare_wallets (id, gold, gems, love) VALUES (${id}, ${1e9}, 0, 0)`.execute(db);
  await ledger.grant({ uid: id, amount: 1e7, reason: 'bench', actorId: 0, key: `bench-grant:${id}` });
}

const pick = (i: number) => {
  const from = ids[(i * 7) % SENDERS];
  const to = ids[(i * 13 + 1) % SENDERS];
  return { from, to: to === from ? ids[(i + 1) % SENDERS] : to, price: 10 + (i % 40), value: 5 + (i % 20) };
};

async function bare(i: number) {
  const p = pick(i);
  const debit = (trx: typeof db) => async () => {
    const debited =
      await sql`UPDATE bare_wallets SET gold = gold - ${p.price} WHERE id = ${p.from} AND gold >= ${p.price}`.execute(
        trx,
      );
    if (Number(debited.numAffectedRows) !== 1) throw new Error('insufficient');
  };
  const credit = (trx: typeof db) => async () => {
    // The receiver's gems and love point (LOVE_PER_GIFT), as a real gift gives.
    await sql`UPDATE bare_wallets SET gems = gems + ${p.value}, love = love + 1 WHERE id = ${p.to}`.execute(
      trx,
    );
  };
  await db.transaction().execute(async (trx) => {
    // Rows locked in id order, as any correct version must on PostgreSQL (else A→B and B→A deadlock).
    const steps = p.from < p.to ? [debit(trx), credit(trx)] : [credit(trx), debit(trx)];
    for (const step of steps) await step();
    await sql`INSERT INTO bare_gifts (sender_id, receiver_id, gift_id, price, value, created_at) VALUES (${p.from}, ${p.to}, 1, ${p.price}, ${p.value}, ${Date.now()})`.execute(
      trx,
    );
  });
}

async function withLedger(i: number) {
  const p = pick(i);
  const key = `bench-gift:${randomUUID()}`;
  await ledger.run(
    { key, fingerprint: `gift:${p.from}:${p.to}`, kind: 'gift', actorId: p.from },
    async (trx, move) => {
      // The movements and the gift row of features/gifts/purchase.ts, through its store.
      await move([
        { from: member(p.from, 'gold'), to: system('sales', 'gold'), amount: p.price },
        { from: system('rewards', 'gems'), to: member(p.to, 'gems'), amount: p.value },
        { from: system('rewards', 'love'), to: member(p.to, 'love'), amount: 1 },
      ]);
      await gifts.insertSend(trx, {
        transfer_key: key,
        gift_id: 1,
        sender_id: p.from,
        receiver_id: p.to,
        source: 'profile',
        price: p.price,
        value: p.value,
        created_at: Date.now(),
      });
      return p.price;
    },
  );
}

/** Purchases per second with CONCURRENCY senders in flight. */
async function rate(one: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PURCHASES) await one(next++);
    }),
  );
  return PURCHASES / ((performance.now() - started) / 1000);
}

// Warm both paths, then alternate so the machine's load weighs on both alike.
await rate(bare);
await rate(withLedger);
const bareRates: number[] = [];
const ledgerRates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRates.push(await rate(bare));
  ledgerRates.push(await rate(withLedger));
}
const best = (xs: number[]) => Math.max(...xs);
const ratio = best(ledgerRates) / best(bareRates);
const books = await ledger.checkBooks();
console.log(
  `gift purchases on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${CONCURRENCY} concurrent senders, ${PURCHASES} a round, best of ${ROUNDS}`,
);
console.log(
  `  bare transaction  ${fmt(best(bareRates))}/s   (rounds: ${bareRates.map((r) => fmt(r)).join(', ')})`,
);
console.log(
  `  ledger            ${fmt(best(ledgerRates))}/s   (rounds: ${ledgerRates.map((r) => fmt(r)).join(', ')})`,
);
console.log(`  ratio ${fmt(ratio, 2)} (target ≥ ${TARGET})${ratio >= TARGET ? '' : '  MISSED'}`);
console.log(
  `  books ${books.balanced ? 'balanced' : 'NOT BALANCED'}: ${books.transfers} transfers, ${books.entries} entries, ${books.drifted.length} drifted`,
);
reportBench([
  {
    figure: `gift purchases/s (${databaseUrl ? 'PostgreSQL' : 'SQLite'})`,
    value: best(ledgerRates),
    reference: best(bareRates),
    unit: '/s',
    ratio,
    target: { op: '>=', value: TARGET },
  },
]);
await ours.close();
if (schema && databaseUrl) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
