import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp, testApp, uniqueId } from '../../tests/_util';
import { type Ledger, member, system } from './ledger';

/** Members are plain ids here: the ledger knows accounts, not users. */
const SENDERS = 50;

describe.each(dialects)('ledger on $name', (dialect) => {
  let t: TestApp;
  let ledger: Ledger;
  let base = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
    ledger = t.deps.ledger;
  });
  afterAll(() => t.close());
  // Fresh ids per test: accounts are per member id.
  const ids = (n: number) => {
    base += 1000;
    return Array.from({ length: n }, (_, i) => base + i);
  };

  const gift = (from: number, to: number, price: number, key = `gift:${uniqueId()}`) =>
    ledger.run({ key, fingerprint: `gift:${from}:${to}:${price}`, kind: 'gift' }, async (trx, move) => {
      await move([
        { from: member(from, 'gold'), to: system('sales', 'gold'), amount: price },
        { from: system('rewards', 'gems'), to: member(to, 'gems'), amount: Math.floor(price / 2) },
      ]);
      return ledger.balance(trx, from, 'gold');
    });

  it('1,000 concurrent purchases from 50 members end balanced, never below zero, never beyond the funds', async () => {
    const members = ids(SENDERS);
    const funds = new Map<number, number>();
    for (const uid of members) {
      const amount = 100 + Math.floor(Math.random() * 400);
      funds.set(uid, amount);
      await ledger.grant({ uid, amount, reason: 'test funds', actorId: 0, key: `grant:${uniqueId()}` });
    }
    const attempts = Array.from({ length: 1000 }, (_, i) => ({
      from: members[i % SENDERS],
      to: members[(i * 7 + 3) % SENDERS],
      price: 2 + Math.floor(Math.random() * 60),
    }));
    const started = Date.now();
    const outcomes = await Promise.allSettled(attempts.map((a) => gift(a.from, a.to, a.price)));
    const elapsed = Date.now() - started;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused)
      expect((o as PromiseRejectedResult).reason.kind).toBe('InsufficientFundsException');
    // Each sender's gold: its grant minus the purchases that went through, never below zero.
    for (const uid of members) {
      const spent = attempts
        .filter((a, i) => a.from === uid && outcomes[i].status === 'fulfilled')
        .reduce((sum, a) => sum + a.price, 0);
      const { gold } = await ledger.balances(uid);
      expect(gold).toBe(funds.get(uid)! - spent);
      expect(gold).toBeGreaterThanOrEqual(0);
    }
    expect(refused.length).toBeGreaterThan(0);
    const books = await ledger.checkBooks();
    expect(books).toMatchObject({ balanced: true, drifted: [], unbalanced: [], negative: [] });
    expect(elapsed).toBeLessThan(30_000);
  }, 60_000);

  it('10 replays of one idempotency key move money once and answer the first result', async () => {
    const [a, b] = ids(2);
    await ledger.grant({ uid: a, amount: 100, reason: 'test', actorId: 0, key: `grant:${uniqueId()}` });
    const key = `gift:${uniqueId()}`;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => gift(a, b, 30, key)));
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.result))).toEqual(new Set([70]));
    expect(await ledger.balances(a)).toMatchObject({ gold: 70 });
    expect(await ledger.balances(b)).toMatchObject({ gems: 15 });
    // The same key for another request is refused, and moves nothing.
    await expect(gift(a, b, 31, key)).rejects.toMatchObject({ key: 'ledger.keyReused' });
    expect(await ledger.balances(a)).toMatchObject({ gold: 70 });
  });

  it('refuses zero, negative, fractional and huge amounts, moving nothing', async () => {
    const [a, b] = ids(2);
    await ledger.grant({ uid: a, amount: 50, reason: 'test', actorId: 0, key: `grant:${uniqueId()}` });
    for (const price of [0, -5, 1.5, 1e12])
      await expect(gift(a, b, price)).rejects.toMatchObject({ kind: 'ApiValidationException' });
    expect(await ledger.balances(a)).toMatchObject({ gold: 50 });
  });

  it('lets only the system overdraw a member, and the books still balance', async () => {
    const [a] = ids(1);
    await ledger.grant({ uid: a, amount: 10, reason: 'test', actorId: 0, key: `grant:${uniqueId()}` });
    await ledger.run({ key: `refund:${uniqueId()}`, fingerprint: 'r', kind: 'refund' }, (_trx, move) =>
      move([{ from: member(a, 'gold'), to: system('issued', 'gold'), amount: 25, mayOverdraw: true }]),
    );
    expect(await ledger.balances(a)).toMatchObject({ gold: -15 });
    const books = await ledger.checkBooks();
    expect(books.balanced).toBe(true);
    expect(books.negative).toContain(`member:${a}:gold`);
  });

  it('keeps history with the reason of a grant', async () => {
    const [a] = ids(1);
    await ledger.grant({
      uid: a,
      amount: 42,
      reason: 'premio del concurso',
      actorId: 1,
      key: `grant:${uniqueId()}`,
    });
    const [line] = await ledger.history(a, 10, 0);
    expect(line).toMatchObject({
      amount: 42,
      currency: 'gold',
      kind: 'grant',
      reason: 'premio del concurso',
    });
  });
});
