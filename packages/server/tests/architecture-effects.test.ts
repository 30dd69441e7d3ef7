import { describe, expect, it } from 'vitest';
import { effectsAroundOutbox, effectsInTransactions } from './_effect-scan';
import { addSource, files, isTestHelper, report } from './_source-scan';

/**
 * The effects guard rails (docs/architecture.md, "Effects after commit"): nothing is published,
 * mailed or pushed from inside a transaction's callback (a rollback could not take it back, and a
 * slow bus would hold the transaction open); mail and Web Push leave only through the outbox.
 */

// The outbox's own delivery, the Web Push service and the app that wires them.
const OUTBOX_OWNERS = ['effects/wiring.ts', 'effects/outbox.ts', 'push/web-push.ts', 'mail/mailer.ts'];

describe('architecture: effects after commit', () => {
  it('publishes, mails and pushes nothing inside a transaction callback (collect them on `after`)', () => {
    const found = files.filter((f) => !isTestHelper(f)).flatMap(effectsInTransactions);
    if (found.length)
      expect.fail(
        `${found.length} effects started inside a transaction (collect them on the unit of work's \`after\`):\n${report(found)}`,
      );
  });

  it('sends mail and Web Push only through the outbox (after.mail, after.notify)', () => {
    const found = files
      .filter((f) => !isTestHelper(f) && !OUTBOX_OWNERS.includes(f))
      .flatMap(effectsAroundOutbox);
    if (found.length)
      expect.fail(`${found.length} mails or Web Push notices sent around the outbox:\n${report(found)}`);
  });
});

describe('the effects guard rail itself', () => {
  it('sees effects in every kind of transaction callback, not after commit or on `after`', () => {
    const file = addSource(
      'x/effects.ts',
      [
        'await db.transaction().execute(async (trx) => { deps.effects.publish([1], e); });',
        'await deps.unitOfWork(async (trx, after) => { after.publish([1], e); after.run(() => deps.effects.publish([2], e)); });',
        'await deps.unitOfWork(async (trx, after) => { await deps.mailer.send(m); });',
        'await inGroupCommit(db, async (trx) => { webPush.notify([1], n); }, () => effects.publish([1], e));',
        'await deps.ledger.run(spec, async (trx, move) => { bus.publish(msg); });',
        'await db.transaction().execute(async (trx) => 1);',
        'deps.effects.publish([1], e);',
      ].join('\n'),
    );
    expect(effectsInTransactions(file).map((f) => `${f.line} ${f.what}`)).toEqual([
      '1 deps.effects.publish(...) inside a transaction callback',
      '3 deps.mailer.send(...) inside a transaction callback',
      '4 webPush.notify(...) inside a transaction callback',
      '5 bus.publish(...) inside a transaction callback',
    ]);
    expect(effectsAroundOutbox(file).map((f) => `${f.line} ${f.what}`)).toEqual([
      '3 deps.mailer.send(...) outside the outbox',
      '4 webPush.notify(...) outside the outbox',
    ]);
  });
});
