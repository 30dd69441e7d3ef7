import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Which members' rows or sessions a write changed: some ids, some session hashes, or, when the
 * statement doesn't say (a raw UPDATE, a WHERE on another column), everyone.
 */
export type MemberChange = { all: true } | { all?: false; userIds: number[]; sessionHashes: string[] };

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

function merge(a: MemberChange, b: MemberChange): MemberChange {
  if (a.all || b.all) return { all: true };
  return { userIds: [...a.userIds, ...b.userIds], sessionHashes: [...a.sessionHashes, ...b.sessionHashes] };
}

type Node = OperationNode & Record<string, any>;

const WATCHED = new Set(['users', 'sessions']);
const RAW_WRITE =
  /\b(update|delete\s+from|merge\s+into|insert\s+or\s+replace\s+into|replace\s+into)\s+(?:"?\w+"?\.)?"?(users|sessions)\b/i;
const RAW_UPSERT = /\binsert\s+into\s+(?:"?\w+"?\.)?"?users\b[\s\S]*\bon\s+conflict\b/i;

/** The members a statement changes, or undefined when it changes none (reads, other tables). */
export function changeOf(query: CompiledQuery): MemberChange | undefined {
  const node = query.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? rawChange(query.sql) : undefined;
    case 'UpdateQueryNode': {
      if (node.with) return rawChange(query.sql) ?? tableChange(node.table, node.where);
      return tableChange(node.table, node.where);
    }
    case 'DeleteQueryNode': {
      if (node.with || node.using || node.joins) return rawChange(query.sql) ?? everyoneIfWatched(node.from);
      const froms = node.from?.froms as Node[] | undefined;
      if (froms?.length !== 1) return everyoneIfWatched(node.from);
      return tableChange(froms[0], node.where);
    }
    case 'InsertQueryNode': {
      // New rows are in no cache; replacing or upserting a member's row changes it.
      const table = tableName(node.into);
      if (table !== 'users' && !(table === 'sessions' && (node.replace || node.orAction))) return undefined;
      return node.onConflict || node.onDuplicateKey || node.replace || node.orAction
        ? { all: true }
        : undefined;
    }
    case 'CreateTableNode':
    case 'CreateIndexNode':
      return undefined;
    default:
      // Raw SQL (sql`...`), merges, schema changes: by the text.
      return rawChange(query.sql);
  }
}

function rawChange(text: string): MemberChange | undefined {
  return RAW_WRITE.test(text) || RAW_UPSERT.test(text) ? { all: true } : undefined;
}

function tableName(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName(node.node as Node);
  if (node.kind === 'TableNode') return node.table.identifier.name;
  return undefined;
}

function everyoneIfWatched(from: Node | undefined): MemberChange | undefined {
  const froms = (from?.froms ?? []) as Node[];
  return froms.some((f) => WATCHED.has(tableName(f) ?? '')) ? { all: true } : undefined;
}

function tableChange(tableNode: Node | undefined, where: Node | undefined): MemberChange | undefined {
  const table = tableName(tableNode);
  if (table === undefined) return tableNode ? { all: true } : undefined;
  if (!WATCHED.has(table)) return undefined;
  const condition = where?.where as Node | undefined;
  if (table === 'users') {
    const ids = pinned(condition, 'id');
    return ids ? { userIds: ids as number[], sessionHashes: [] } : { all: true };
  }
  const ids = pinned(condition, 'user_id');
  if (ids) return { userIds: ids as number[], sessionHashes: [] };
  const hashes = pinned(condition, 'id_hash');
  return hashes ? { userIds: [], sessionHashes: hashes as string[] } : { all: true };
}

/**
 * The values a condition pins `column` to (`column = v`, `column in (...)`, either side of an
 * AND), or undefined when it doesn't pin it. A superset is fine: more is dropped, never less.
 */
function pinned(node: Node | undefined, column: string): unknown[] | undefined {
  if (!node) return undefined;
  switch (node.kind) {
    case 'ParensNode':
      return pinned(node.node, column);
    case 'AndNode':
      return pinned(node.left, column) ?? pinned(node.right, column);
    case 'OrNode': {
      const left = pinned(node.left, column);
      const right = left && pinned(node.right, column);
      return left && right ? [...left, ...right] : undefined;
    }
    case 'BinaryOperationNode': {
      const op = node.operator?.operator;
      if ((op !== '=' && op !== 'in') || columnName(node.leftOperand) !== column) return undefined;
      return values(node.rightOperand);
    }
    default:
      return undefined;
  }
}

function columnName(node: Node | undefined): string | undefined {
  if (node?.kind === 'ReferenceNode' && node.column?.kind === 'ColumnNode') return node.column.column.name;
  if (node?.kind === 'ColumnNode') return node.column.name;
  return undefined;
}

// Only plain ids and hashes: a stand-in (db/prepared.ts builds queries once with placeholders
// for their arguments) says nothing about the row, so the change is taken to be everyone's.
const plain = (v: unknown) => typeof v === 'number' || typeof v === 'string';

function values(node: Node | undefined): unknown[] | undefined {
  if (!node) return undefined;
  if (node.kind === 'ValueNode') return plain(node.value) ? [node.value] : undefined;
  if (node.kind === 'PrimitiveValueListNode') return node.values.every(plain) ? [...node.values] : undefined;
  if (node.kind === 'ValueListNode') {
    const out: unknown[] = [];
    for (const v of node.values as Node[]) {
      if (v.kind !== 'ValueNode' || !plain(v.value)) return undefined;
      out.push(v.value);
    }
    return out;
  }
  if (node.kind === 'ParensNode') return values(node.node);
  return undefined;
}
