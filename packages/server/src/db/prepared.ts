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
    const result = await db.executeQuery<R>({
      sql: query.sql,
      query: query.query,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}
