import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { type AuditValues, auditStore } from './audit-store';

/**
 * The audit log for staff actions other features carry out (docs/moderation.md): an admin
 * ending someone's live broadcast writes its line in the same transaction as the act. Other
 * features record through this, never through the admin store.
 */
export function auditTrail(db: Db) {
  const store = auditStore(db);
  return {
    record: (trx: Kysely<Database>, entry: AuditValues) => store.audit(trx, entry),
  };
}
