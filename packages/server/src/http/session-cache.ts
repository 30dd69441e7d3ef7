import type { MemberChange } from '../db/member-change';
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
 *
 * Justified by `tools/bench/http.ts`: `getLoggedInUser` went from a database read per request to
 * ~10 µs of CPU over a bare route (tools/bench/README.md, "Where the HTTP time goes").
 */
export class SessionCache {
  /**
   * Bumped by every drop: a lookup that read the database while a write committed must not
   * store what it read (it may be the row from before the write).
   */
  generation = 0;
  readonly #byHash = new Map<string, CachedSession>();
  readonly #byUser = new Map<number, Set<string>>();
  /** Counts sets and moves; each entry remembers the count when it last went to the end. */
  #clock = 0;
  readonly #movedAt = new WeakMap<CachedSession, number>();

  constructor(readonly max = 10_000) {}

  get size() {
    return this.#byHash.size;
  }

  get(idHash: string): CachedSession | undefined {
    const entry = this.#byHash.get(idHash);
    // Most recently used goes last; eviction (at max + 1 entries) takes the first. An entry
    // moved within the last max/2 sets and moves has at most max/2 entries after it, so it is
    // not first: it stays put, and a busy session costs no Map re-insertion per request.
    if (entry && this.#clock - this.#movedAt.get(entry)! > this.max / 2) {
      this.#byHash.delete(idHash);
      this.#byHash.set(idHash, entry);
      this.#movedAt.set(entry, ++this.#clock);
    }
    return entry;
  }

  set(entry: CachedSession): void {
    this.delete(entry.idHash);
    Object.freeze(entry.user);
    this.#byHash.set(entry.idHash, entry);
    this.#movedAt.set(entry, ++this.#clock);
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
