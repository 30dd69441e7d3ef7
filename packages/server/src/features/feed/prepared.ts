import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Value = number | string;
export type Args = Record<string, Value | readonly Value[] | undefined>;
type Slot = { key: string; index: number } | { value: unknown };

// Stand-in values far from any real id, limit or flag, one per parameter slot.
const SENTINEL = -913_000_000;

/**
 * A query built with Kysely once per shape and then reused as SQL text with new values.
 * Building and compiling a query with correlated subqueries costs more than running it on
 * SQLite (tools/bench/feed.ts); the feed's hot queries pay it once. The builder is called with
 * stand-in values, and each parameter of the compiled SQL is traced back to its argument. The
 * shape is the set of arguments given (undefined ones are absent), the length of each list, and
 * `variant` for anything else the builder branches on.
 */
export function prepared<A extends Args, R>(db: Kysely<Database>, build: (args: A) => Compilable<R>) {
  const cache = new Map<string, { sql: string; slots: Slot[] }>();
  return async (args: A, variant = ''): Promise<R[]> => {
    const keys = Object.keys(args).filter((k) => args[k] !== undefined);
    const shape = `${variant}|${keys.map((k) => (Array.isArray(args[k]) ? `${k}[${args[k].length}]` : k)).join(',')}`;
    let entry = cache.get(shape);
    if (!entry) {
      let n = 0;
      const slots = new Map<unknown, Slot>();
      const stand: Record<string, unknown> = {};
      for (const key of keys) {
        const value = args[key];
        if (Array.isArray(value)) {
          stand[key] = value.map((_, index) => {
            const s = SENTINEL - n++;
            slots.set(s, { key, index });
            return s;
          });
        } else {
          const s = SENTINEL - n++;
          slots.set(s, { key, index: -1 });
          stand[key] = s;
        }
      }
      const compiled = build(stand as A).compile();
      entry = { sql: compiled.sql, slots: compiled.parameters.map((p) => slots.get(p) ?? { value: p }) };
      cache.set(shape, entry);
    }
    const params = entry.slots.map((slot) => {
      if ('value' in slot) return slot.value;
      const value = args[slot.key];
      return slot.index < 0 ? value : (value as Value[])[slot.index];
    });
    return (await db.executeQuery<R>(CompiledQuery.raw(entry.sql, params))).rows;
  };
}
