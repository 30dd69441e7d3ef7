import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own default: checkpoint once the WAL holds this many pages. */
const AUTO_PAGES = 1000;
const EVERY_MS = 200;

// Plain JavaScript, evaluated in the worker: it needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

/**
 * Moves WAL checkpoints off the event loop. SQLite checkpoints inside the commit that crosses
 * 1,000 WAL pages: it copies them into the database file and, with synchronous = NORMAL, fsyncs
 * both files, all on the thread that committed. At 500 sends/s that was one commit in 40 taking
 * 3-140 ms, a quarter of the send's SQLite time on average, and the event loop stopped meanwhile
 * (tools/bench/README.md, "Instant messages"). Here a worker thread with its own connection runs
 * a PASSIVE checkpoint every 200 ms (it never blocks the writer) and the app's connection stops
 * checkpointing by itself. The worker starts once the WAL first reaches the automatic threshold,
 * so short-lived databases (tests) never start one; if it stops, SQLite's own checkpoints resume.
 */
export function offThreadCheckpoints(database: SQLite.Database, file: string): () => void {
  const wal = `${file}-wal`;
  const threshold = AUTO_PAGES * (database.pragma('page_size', { simple: true }) as number);
  let worker: Worker | undefined;
  const watch = setInterval(() => {
    let size = 0;
    try {
      size = fs.statSync(wal).size;
    } catch {
      return;
    }
    if (size < threshold) return;
    clearInterval(watch);
    worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        everyMs: EVERY_MS,
      },
    });
    worker.unref();
    database.pragma('wal_autocheckpoint = 0');
    const fallBack = () => {
      worker = undefined;
      if (database.open) database.pragma(`wal_autocheckpoint = ${AUTO_PAGES}`);
    };
    worker.once('error', fallBack);
    worker.once('exit', fallBack);
  }, EVERY_MS);
  watch.unref();
  // Kysely closes the database synchronously: the worker is told to close its own connection and
  // exit, and does so on its own (its connection is independent of this one).
  return () => {
    clearInterval(watch);
    worker?.removeAllListeners('exit');
    worker?.postMessage('stop');
    worker = undefined;
  };
}
