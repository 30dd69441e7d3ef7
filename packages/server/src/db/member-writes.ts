import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { changeOf, type MemberChange, merge } from './member-change';

export type MemberChangeListener = (change: MemberChange) => Promise<void> | void;

/**
 * Every write to `users` or `sessions` is seen here, at the driver, whatever feature or test
 * issued it: caches of member rows (http/session-cache.ts) listen, so no store can forget to
 * drop them. Listeners run after the statement, or after COMMIT inside a transaction (a
 * rollback drops them); the connection is released before their promises are awaited, so a
 * slow listener (a Redis publish) never holds SQLite's only connection. It exists for the session
 * cache and shares its benchmark figure (http/session-cache.ts).
 */
export class MemberWrites {
  readonly #listeners: MemberChangeListener[] = [];
  /** True when another process committed to the database since the last call (SQLite only). */
  #othersWrote: () => boolean = () => false;

  /** Adds a listener; returns what removes it. */
  listen(listener: MemberChangeListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }

  /**
   * Writes this driver can't see: another process on the same SQLite file (`npm run admin`, a
   * maintenance script). `check` answers whether one committed since it was last asked.
   */
  watchOtherProcesses(check: () => boolean): void {
    this.#othersWrote = check;
  }

  /** Called before trusting a cache: another process's commit may have changed anyone. */
  seeOtherProcesses(): void {
    if (this.#othersWrote()) this.emit({ all: true });
  }

  /** Runs the listeners' synchronous parts now; returns what is left to await. */
  emit(change: MemberChange): Promise<unknown> | undefined {
    const waits: Promise<unknown>[] = [];
    for (const listener of this.#listeners) {
      const result = listener(change);
      if (result) waits.push(result);
    }
    return waits.length ? Promise.all(waits) : undefined;
  }
}

type AnyDb = Kysely<any>;
const byDb = new WeakMap<AnyDb, MemberWrites>();

/** The member-write notices of a database opened by createDb. */
export function memberWritesOf(db: AnyDb): MemberWrites {
  const writes = byDb.get(db);
  if (!writes) throw new Error('database not opened with watchMemberWrites');
  return writes;
}

export function registerMemberWrites(db: AnyDb, writes: MemberWrites): void {
  byDb.set(db, writes);
}

/** Wraps a dialect so its driver reports member writes to `writes`. */
export function watchMemberWrites(dialect: Dialect, writes: MemberWrites): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), writes),
  };
}

class WatchedConnection implements DatabaseConnection {
  /** Changes seen inside the open transaction, told at COMMIT. */
  pending?: MemberChange;
  /** Listener promises to await once the connection is released. */
  waits: Promise<unknown>[] = [];

  constructor(
    readonly inner: DatabaseConnection,
    readonly writes: MemberWrites,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const change = changeOf(query);
    const result = await this.inner.executeQuery<R>(query);
    if (change) {
      if (this.pending) this.pending = merge(this.pending, change);
      else this.tell(change);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  tell(change: MemberChange) {
    const wait = this.writes.emit(change);
    if (wait) this.waits.push(wait);
  }
}

const NONE: MemberChange = { userIds: [], sessionHashes: [] };

class WatchedDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    readonly inner: Driver,
    readonly writes: MemberWrites,
  ) {
    // Savepoints only where the wrapped driver has them: Kysely checks for the methods.
    if (inner.savepoint)
      this.savepoint = (c, name, compile) => inner.savepoint!((c as WatchedConnection).inner, name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) =>
        inner.rollbackToSavepoint!((c as WatchedConnection).inner, name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) =>
        inner.releaseSavepoint!((c as WatchedConnection).inner, name, compile);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.#wrapped.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.writes);
      this.#wrapped.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = NONE;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    const pending = watched.pending;
    watched.pending = undefined;
    await this.inner.commitTransaction(watched.inner);
    if (
      pending &&
      pending !== NONE &&
      (pending.all || pending.userIds.length || pending.sessionHashes.length)
    )
      watched.tell(pending);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    watched.pending = undefined;
    await this.inner.rollbackTransaction(watched.inner);
  }

  async releaseConnection(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    // The connection is exclusive until released: what it has to wait for is this holder's.
    const waits = watched.waits;
    watched.waits = [];
    watched.pending = undefined;
    await this.inner.releaseConnection(watched.inner);
    if (waits.length) await Promise.all(waits);
  }

  destroy() {
    return this.inner.destroy();
  }
}
