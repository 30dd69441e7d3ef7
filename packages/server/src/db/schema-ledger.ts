/** Tables: The gold ledger, gifts and payments (docs/ledger.md, docs/gifts.md). */
import type { Generated } from 'kysely';

/** The ledger (docs/ledger.md). System accounts keep no balance: theirs is summed from entries. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  key: string;
  owner_id: number;
  currency: string;
  is_system: Generated<number>;
  balance: Generated<number>;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  fingerprint: string;
  kind: string;
  actor_id: Generated<number>;
  reason: string | null;
  /** JSON of the first answer, returned again to a retry with the same key. */
  result: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: number;
  account_id: number;
  amount: number;
  created_at: number;
}

export interface GiftsTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  description: string | null;
  art: string;
  video: string | null;
  price: number;
  discount: Generated<number>;
  value: number;
  start_date: number | null;
  end_date: number | null;
  vip: Generated<number>;
  admin: Generated<number>;
  requires_voucher: Generated<number>;
  tag: string;
  position: Generated<number>;
  entrance_animation: string | null;
  exit_animation: string | null;
  retired: Generated<number>;
  created_at: number;
}

export interface GiftSendsTable {
  id: Generated<number>;
  /** The ledger transfer's idempotency key: one gift per paid transfer. */
  transfer_key: string;
  gift_id: number;
  sender_id: number;
  receiver_id: number;
  source: string;
  conversation_id: number | null;
  room_id: number | null;
  price: number;
  value: number;
  created_at: number;
}

export interface GoldPaymentsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_ref: string;
  payment_ref: string | null;
  gold: number;
  amount_cents: number;
  currency: string;
  /** pending, paid, refunded */
  state: string;
  created_at: number;
  updated_at: number;
  /** The client's idempotency key: one checkout per key and member (migration 050). */
  request_key: string | null;
  /** The checkout's address, answered again to a retry with the same key. */
  checkout_url: string | null;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  gifts: GiftsTable;
  gift_sends: GiftSendsTable;
  gold_payments: GoldPaymentsTable;
  gift_helper_seen: { user_id: number; type: string; seen_at: number };
}
