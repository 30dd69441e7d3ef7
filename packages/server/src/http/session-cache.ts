import type { MemberChange } from '../db/member-writes';
import type { UserRow } from './context';

export interface CachedSession {
  idHash: string;
  /** Frozen: shared by every request of the session until dropped. */
  user: Readonly<UserRow>;
  expiresAt: number;
  /** When the row was read from the database; older than REVALIDATE_MS, it is read again. */
  readAt: number;
}

/**
 * Sessions and their members' rows by token hash, most recently used last, at most `max`.
 * Dropped on every write to the member's row or sessions, on this instance and, through the
 * bus, on every other (app.ts wires db/member-writes.ts to it).
 */
export class SessionCache {
  /**
   * Bumped by every drop: a lookup that read the database while a write committed must not
   * store what it read (it may be the row from before the write).
   */
  generation = 0;
  readonly #byHash = new Map<string, CachedSession>();
  readonly #byUser = new Map<number, Set<string>>();

  constructor(readonly max = 10_000) {}

  get size() {
    return this.#byHash.size;
  }

  get(idHash: string): CachedSession | undefined {
    const entry = this.#byHash.get(idHash);
    if (entry) {
      // Most recently used goes last; eviction takes the first.
      this.#byHash.delete(idHash);
      this.#byHash.set(idHash, entry);
    }
    return entry;
  }

  set(entry: CachedSession): void {
    this.delete(entry.idHash);
    Object.freeze(entry.user);
    this.#byHash.set(entry.idHash, entry);
    const hashes = this.#byUser.get(entry.user.id);
    if (hashes) hashes.add(entry.idHash);
    else this.#byUser.set(entry.user.id, new Set([entry.idHash]));
    while (this.#byHash.size > this.max) this.delete(this.#byHash.keys().next().value!);
  }

  delete(idHash: string): void {
    const entry = this.#byHash.get(idHash);
    if (!entry) return;
    this.#byHash.delete(idHash);
    const hashes = this.#byUser.get(entry.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) this.#byUser.delete(entry.user.id);
  }

  drop(change: MemberChange): void {
    this.generation++;
    if (change.all) {
      this.#byHash.clear();
      this.#byUser.clear();
      return;
    }
    for (const userId of change.userIds) {
      for (const idHash of this.#byUser.get(Number(userId)) ?? []) this.delete(idHash);
    }
    for (const idHash of change.sessionHashes) this.delete(idHash);
  }
}
