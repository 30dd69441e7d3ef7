import { type Compilable, createQueryId, type Kysely } from 'kysely';

/** Stands for the i-th argument while a prepared query is built. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled = {
  sql: string;
  query: ReturnType<Compilable['compile']>['query'];
  parameters: readonly unknown[];
};

/** Runs a read at once on the database's connection, or answers undefined when it may not now. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const directReads = new WeakMap<object, DirectRead>();

/**
 * Lets prepared reads on `db` (not on a transaction) skip Kysely's connection queue: on SQLite a
 * read is one synchronous call, and the queue adds promises, closures and a lock to each (a send's
 * five reads cost ~20 µs less this way: tools/bench/README.md, session 5). `read` must refuse
 * (undefined) while a transaction is open on the connection, or it would see uncommitted rows.
 */
export function allowDirectReads(db: Kysely<any>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect and then run
 * with new arguments. Building and compiling costs 20-30 µs a statement (object trees, frozen
 * nodes, a visitor), more than SQLite takes to run a small one; on the send path that was a
 * third of the server's time (tools/bench/README.md, "Instant messages").
 *
 * `build` receives stand-ins for its arguments: use each only as a value (a comparison, a
 * `set`, an insert value, `eb.val`), never in JavaScript logic or an `in` list, since the query
 * is built once. Constants it writes stay as they are.
 */
export function prepared<DB, A extends unknown[], R>(build: (db: Kysely<DB>, ...args: A) => Compilable<R>) {
  // Keyed by the dialect's adapter: a transaction shares it with its database.
  const compiled = new WeakMap<object, Compiled>();
  return async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const slots = args.map((_, i) => new Slot(i)) as unknown as A;
      query = build(db, ...slots).compile();
      // An argument Kysely wrote into the SQL text (a `case` value not wrapped in eb.val, say)
      // would be frozen at its first value: refuse it at once.
      const bound = new Set(query.parameters.filter((p) => p instanceof Slot).map((p) => p.index));
      const missing = slots.map((_, i) => i).filter((i) => !bound.has(i));
      if (missing.length)
        throw new Error(`prepared query: arguments ${missing} are not parameters of ${query.sql}`);
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    if (query.query.kind === 'SelectQueryNode' && !db.isTransaction) {
      const rows = directReads.get(db)?.(query.sql, parameters);
      if (rows) return rows as R[];
    }
    const result = await db.executeQuery<R>({
      sql: query.sql,
      query: query.query,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}

type Run<DB, R> = (db: Kysely<DB>, ...args: unknown[]) => Promise<R[]>;

/**
 * prepared() for a family of queries whose SQL text depends on a shape (which filters are
 * present, which order), not on values: one compiled statement per `shape` key, each built once
 * by `build(db, shape, ...args)` with stand-ins for the arguments (the same rules as prepared():
 * every argument a parameter, none in JavaScript logic). `build` may read nothing but the key,
 * so equal keys compile to equal SQL. At most `max` shapes are kept, the oldest dropped first:
 * the key comes from a request.
 */
export function preparedShapes<DB, R>(
  build: (db: Kysely<DB>, shape: string, ...args: unknown[]) => Compilable<R>,
  max = 256,
) {
  const shapes = new Map<string, Run<DB, R>>();
  return (db: Kysely<DB>, shape: string, ...args: unknown[]): Promise<R[]> => {
    let run = shapes.get(shape);
    if (!run) {
      run = prepared((db: Kysely<DB>, ...slots: unknown[]) => build(db, shape, ...slots)) as Run<DB, R>;
      if (shapes.size >= max) shapes.delete(shapes.keys().next().value!);
      shapes.set(shape, run);
    }
    return run(db, ...args);
  };
}
