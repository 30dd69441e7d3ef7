/**
 * `npm run bench`: every benchmark in this folder, one after another, each in its own process so
 * one's leftovers (sockets, timers, heap) never weigh on the next. Helpers start with `_`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
// The soak holds thousands of members for ten minutes: run only when named (`run.ts soak`).
const longRunning = ['soak.ts'];
const benches = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !file.startsWith('_') && file !== 'run.ts')
  .filter((file) =>
    only.length === 0 ? !longRunning.includes(file) : only.some((name) => file.startsWith(name)),
  )
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', `${here}${file}`], { stdio: 'inherit' });
  if (status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
