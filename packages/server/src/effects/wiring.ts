import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { Effects } from '../push/effects';
import type { WebPush } from '../push/web-push';
import { createOutbox } from './outbox';
import { createUnitOfWork } from './unit-of-work';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The app's unit of work and the outbox it writes to: mail through the mailer, Web Push through
 * the Web Push service, pushes through the effects dispatcher (docs/architecture.md, "Effects after commit").
 */
export function afterCommitServices(
  db: Kysely<Database>,
  config: Pick<Config, 'outboxPollMs'>,
  o: { mailer: Mailer; webPush: Pick<WebPush, 'deliverNow' | 'noticeOf'>; effects: Effects; log: Log },
) {
  const outbox = createOutbox(
    db,
    { mail: (mail) => o.mailer.send(mail), webPush: (ids, notice) => o.webPush.deliverNow(ids, notice) },
    { pollMs: config.outboxPollMs, log: o.log },
  );
  return {
    outbox,
    unitOfWork: createUnitOfWork(db, {
      effects: o.effects,
      outbox,
      log: o.log,
      noticeFor: (event) => o.webPush.noticeOf(event),
    }),
  };
}
