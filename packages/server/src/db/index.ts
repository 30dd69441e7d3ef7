import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { offThreadCheckpoints } from './checkpointer';
import { isPostgres } from './dialect';
import { MemberWrites, memberWritesOf, registerMemberWrites, watchMemberWrites } from './member-writes';
import { migrations } from './migrations/index';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { allowDirectReads } from './prepared';
import type { Database } from './schema';
import { QueuedSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;

/** How late a server on the same SQLite file sees another process's commit to members' rows. */
export const OTHER_PROCESSES_MS = 50;

// PostgreSQL returns bigint (epoch ms) as strings by default; our times fit a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool behind a database, for its figures (metrics/); undefined on SQLite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** Opens SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
export async function createDb(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'> &
    Partial<Pick<Config, 'dbConnectTimeoutMs' | 'dbQueryTimeoutMs'>>,
): Promise<Db> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: config.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
    }
    // Bounded waits: while PostgreSQL is away a request fails fast (503, http/errors-handler.ts)
    // instead of hanging, and the pool opens fresh connections once it is back.
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: schema ? `-c search_path=${schema}` : undefined,
      connectionTimeoutMillis: config.dbConnectTimeoutMs ?? 5_000,
      query_timeout: config.dbQueryTimeoutMs ?? 30_000,
    });
    // A connection the server closed (a restart) is dropped from the pool, idle or in use; without
    // these listeners its 'error' would end the process. The query on it fails on its own (503).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    // Its introspector reads this schema only: the migrator's look at every schema failed when
    // another one was dropped meanwhile (own-schema-introspector.ts).
    const db = watched(new OwnSchemaPostgresDialect({ pool }));
    pools.set(db, pool);
    return db;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'tertulia.db');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // The clock in SQL, as PostgreSQL's now_ms() (migration 031): perks that end by time are
  // compared to it inside statements prepared once (policy/premium-store.ts).
  database.function('now_ms', { deterministic: false }, () => Date.now());
  const stopCheckpoints = offThreadCheckpoints(database, file);
  const statements = withStatementCache(database, stopCheckpoints);
  const db = watched(new QueuedSqliteDialect({ database: statements }));
  allowDirectReads(db, (text, parameters) =>
    database.inTransaction ? undefined : statements.prepare(text).all(parameters as unknown[]),
  );
  // SQLite bumps data_version when another connection (another process) commits: the session
  // cache must not serve a row an operator command changed behind this driver's back. Asking
  // takes a read lock, 10 µs on a busy server: it is asked at most every OTHER_PROCESSES_MS, and
  // such commands wait that long before they finish (tools/admin.ts).
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let askedAt = 0;
  memberWritesOf(db).watchOtherProcesses(() => {
    const t = Date.now();
    if (t - askedAt < OTHER_PROCESSES_MS) return false;
    askedAt = t;
    const now = dataVersion.get();
    if (now === seen) return false;
    seen = now;
    return true;
  });
  return db;
}

/** Every write to a member's row or sessions is told to memberWritesOf(db) (member-writes.ts). */
function watched(dialect: Dialect): Db {
  const writes = new MemberWrites();
  const db = new Kysely<Database>({ dialect: watchMemberWrites(dialect, writes) });
  registerMemberWrites(db, writes);
  return db;
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing is most of a small query's cost
 * (tools/bench/http.ts). The same SQL text reuses its prepared statement.
 */
function withStatementCache(database: SQLite.Database, beforeClose: () => void, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose();
      database.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its migration tables in every schema; name ours, or another schema's tables
  // (a second deployment, a parallel test) would be taken for this one's.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0].schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

export async function pingDb(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
