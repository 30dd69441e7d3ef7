import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSink } from '../../tests/_smtp-sink';
import { dialects, member, type TestApp, testApp } from '../../tests/_util';
import { createOutbox } from './outbox';

type Sink = Awaited<ReturnType<typeof smtpSink>>;

/** Keeps flushing the outbox until `done` holds (a failed row waits for its backoff first). */
async function deliveredWithin(t: TestApp, done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) {
    await t.deps.outbox.flush();
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return done();
}

describe.each(dialects)('the mail and Web Push outbox on $name', (dialect) => {
  let t: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    sink = await smtpSink();
    t = await testApp(dialect, { smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('commits and answers 200 while SMTP is down, and delivers the mail once it is back', async () => {
    const m = await member(t.app);
    await sink.stop();
    let running = false;
    try {
      expect(await m.ok(api.people.sendVerification)).toEqual([true]);
      // Committed: the token row and the mail's outbox row.
      const tokens = await t.deps.db
        .selectFrom('verification_tokens')
        .select('user_id')
        .where('user_id', '=', m.user.uid)
        .execute();
      expect(tokens).toHaveLength(1);
      await t.deps.outbox.flush();
      const [row] = await t.deps.db.selectFrom('outbox').selectAll().where('kind', '=', 'mail').execute();
      expect(row).toMatchObject({ attempts: 1, claimed_until: 0 });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(sink.mails).toEqual([]);
      await sink.start();
      running = true;
      const mine = () => sink.mails.filter((mail) => mail.includes(m.user.name));
      expect(await deliveredWithin(t, () => mine().length > 0, 10_000)).toBe(true);
      expect(mine()[0]).toMatch(/Subject: Verifica tu cuenta de Tertulia/);
      // Delivered once: the row is gone and another pass sends nothing more.
      await t.deps.outbox.flush();
      expect(mine()).toHaveLength(1);
      expect(await t.deps.outbox.pending('mail')).toBe(0);
    } finally {
      if (!running) await sink.start();
    }
  });

  it('rolls back with its write: a failed unit of work leaves no outbox row and publishes nothing', async () => {
    const before = await t.deps.outbox.pending();
    const published: unknown[] = [];
    const real = t.deps.effects.publish;
    t.deps.effects.publish = (...args) => void published.push(args);
    try {
      await expect(
        t.deps.unitOfWork(async (_trx, after) => {
          after.mail({ to: 'nadie@example.com', subject: 'x', text: 'x' });
          after.publish([1], { type: 'typing', conversationId: 1, userId: 2 } as never);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    } finally {
      t.deps.effects.publish = real;
    }
    expect(published).toEqual([]);
    expect(await t.deps.outbox.pending()).toBe(before);
  });

  it('delivers each row once when several instances drain the same outbox', async () => {
    const seen: string[] = [];
    const handlers = {
      mail: async (mail: { to: string }) => {
        seen.push(mail.to);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      webPush: async () => {},
    };
    // Only these two drain it: the app's own outbox stops (it is the suite's last test).
    await t.deps.outbox.close();
    const instances = [createOutbox(t.deps.db, handlers), createOutbox(t.deps.db, handlers)];
    const to = Array.from({ length: 30 }, (_, i) => `m${i}@example.com`);
    // Written like any unit of work's rows, without waking this app's own outbox.
    await t.deps.db.transaction().execute((trx) =>
      instances[0].write(
        trx,
        to.map((address) => ({ kind: 'mail' as const, mail: { to: address, subject: 's', text: 't' } })),
      ),
    );
    await Promise.all(instances.map((o) => o.flush()));
    expect(seen.sort()).toEqual([...to].sort());
    await Promise.all(instances.map((o) => o.close()));
  });
});
