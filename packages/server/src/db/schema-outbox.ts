/** Tables: the durable outbox of mail and Web Push (migration 052, docs/architecture.md). */
import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  attempts: Generated<number>;
  due_at: number;
  claimed_until: Generated<number>;
  last_error: string | null;
  created_at: number;
}

export interface OutboxTables {
  outbox: OutboxTable;
}
