/**
 * `npm run bench`: every benchmark in this folder, one after another, each in its own process so
 * one's leftovers (sockets, timers, heap) never weigh on the next. Helpers start with `_`.
 * Each bench runs `--runs=N` times (default 3); its last `BENCH_RESULT {json}` line (reportBench in
 * _shared.ts) is parsed, and one table of medians is printed and written to results/<date>.md
 * with the load average before and after, so a reader can tell a quiet run from a busy one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { median } from './_shared';

interface Figure {
  figure: string;
  value: number;
  reference?: number;
  unit?: string;
  ratio: number;
  target: { op: '<=' | '>='; value: number };
  met: boolean;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = Math.max(1, Number(runsArg?.slice('--runs='.length) ?? 3) || 3);
const only = args.filter((a) => !a.startsWith('--'));
// The soak holds thousands of members for ten minutes: run only when named (`run.ts soak`).
const longRunning = ['soak.ts'];
const benches = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !file.startsWith('_') && file !== 'run.ts')
  .filter((file) =>
    only.length === 0 ? !longRunning.includes(file) : only.some((name) => file.startsWith(name)),
  )
  .sort();

/** Runs one bench, echoing its output, and returns its figures (null when it printed none). */
function runOnce(file: string): Promise<{ status: number | null; figures: Figure[] | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${here}${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('close', (status) => {
      const line = out
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('BENCH_RESULT '));
      const figures = line ? (JSON.parse(line.slice('BENCH_RESULT '.length)).figures as Figure[]) : null;
      resolve({ status, figures });
    });
  });
}

/** Four significant digits, grouped (10,120 µs, not 1.012e+4). */
const show = (n: number) => Number(n.toPrecision(4)).toLocaleString('en-US');
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
const rows: string[] = [];
let failed = 0;
for (const file of benches) {
  const byFigure = new Map<string, Figure[]>();
  for (let run = 1; run <= runs; run++) {
    console.log(`\n== ${file} (run ${run}/${runs}, load ${load()})`);
    const { status, figures } = await runOnce(file);
    if (status !== 0) failed++;
    for (const f of figures ?? []) byFigure.set(f.figure, [...(byFigure.get(f.figure) ?? []), f]);
  }
  if (byFigure.size === 0) rows.push(`| ${file} | (no BENCH_RESULT) | | | | | | |`);
  for (const [name, all] of byFigure) {
    const last = all[all.length - 1];
    const ratio = median(all.map((f) => f.ratio));
    const met = last.target.op === '<=' ? ratio <= last.target.value : ratio >= last.target.value;
    const value = median(all.map((f) => f.value));
    const refs = all.flatMap((f) => (f.reference === undefined ? [] : [f.reference]));
    const unit = last.unit ? ` ${last.unit}` : '';
    rows.push(
      `| ${file} | ${name} | ${show(value)}${unit} | ${refs.length ? `${show(median(refs))}${unit}` : '–'} | ${ratio.toFixed(2)} | ${last.target.op} ${last.target.value} | ${met ? 'met' : 'MISSED'} | ${all.map((f) => f.ratio.toFixed(2)).join(', ')} |`,
    );
  }
}
const loadAfter = load();
const table = [
  `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}. ${runs} run(s) each; medians.`,
  '',
  '| bench | figure | ours (median) | reference (median) | ratio (median) | target | verdict | ratios of the runs |',
  '| ----- | ------ | ------------- | ------------------ | -------------- | ------ | ------- | ------------------ |',
  ...rows,
].join('\n');
console.log(`\n${table}`);
const dir = `${here}results`;
fs.mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().slice(0, 16).replace(':', '-');
fs.writeFileSync(`${dir}/${stamp}.md`, `# npm run bench, ${new Date().toISOString()}\n\n${table}\n`);
console.log(`written to tools/bench/results/${stamp}.md`);
process.exitCode = failed ? 1 : 0;
