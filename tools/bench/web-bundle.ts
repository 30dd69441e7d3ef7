/**
 * Initial JavaScript of the home page, gzipped, beside a minimal Vite + React page built in the
 * same run (`npx tsx tools/bench/web-bundle.ts`). Target: home at most 150 KiB, and every page
 * and dialog in its own chunk. Not a timed test: it prints numbers and ratios.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { reportBench } from './_shared';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB = join(ROOT, 'packages/web');
const TARGET_KIB = 150;
/** Route modules whose chunks a page view needs beside the entry. */
const HOME_ROUTE = 'src/features/home/route.tsx';

type Manifest = Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; src?: string }
>;

const kib = (bytes: number) => bytes / 1024;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** A manifest key and everything it imports statically: what the browser must fetch before running it. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

function measure(
  outDir: string,
  keys: string[],
): { bytes: number; files: { file: string; bytes: number }[] } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = [...closure(manifest, keys)].filter((f) => f.endsWith('.js'));
  const sized = files
    .map((file) => ({ file, bytes: gz(join(outDir, file)) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: sized.reduce((sum, f) => sum + f.bytes, 0), files: sized };
}

async function buildApp(outDir: string): Promise<Manifest> {
  await build({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

async function buildReference(dir: string, outDir: string): Promise<void> {
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hola</h1>);\n",
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

async function main() {
  const work = mkdtempSync(join(ROOT, 'node_modules/.bench-web-'));
  try {
    // The reference lives under the repository so it resolves the same react and react-dom.
    const refDir = join(work, 'reference');
    mkdirSync(refDir);
    const appOut = join(work, 'app-dist');
    const refOut = join(work, 'ref-dist');

    const manifest = await buildApp(appOut);
    await buildReference(refDir, refOut);

    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
    const home = measure(appOut, [entryKey, HOME_ROUTE]);
    const reference = measure(refOut, ['index.html']);
    const english = measure(appOut, ['src/i18n/en.ts']);

    const lazy = Object.entries(manifest)
      .filter(([, m]) => m.isDynamicEntry)
      .map(
        ([key, m]) =>
          `${key.replace(/^src\//, '')} -> ${m.file} (${kib(gz(join(appOut, m.file))).toFixed(1)} KiB)`,
      )
      .sort();
    const pages = lazy.filter((l) => l.startsWith('features/') && /route/i.test(l));
    const dialogs = lazy.filter((l) => /Dialog/.test(l));

    console.log('Web bundle: initial JavaScript of the home page (gzip -9)\n');
    console.log(`  reference (Vite + React, one <h1>) ${kib(reference.bytes).toFixed(1).padStart(7)} KiB`);
    console.log(`  Tertulia home /html/index.jsp      ${kib(home.bytes).toFixed(1).padStart(7)} KiB`);
    console.log(
      `  ratio home / reference             ${(home.bytes / reference.bytes).toFixed(2).padStart(7)}x`,
    );
    console.log(
      `  over the reference                 ${kib(home.bytes - reference.bytes)
        .toFixed(1)
        .padStart(7)} KiB`,
    );
    console.log(`  English catalog (only when chosen) ${kib(english.bytes).toFixed(1).padStart(7)} KiB`);
    console.log(`  target <= ${TARGET_KIB} KiB: ${kib(home.bytes) <= TARGET_KIB ? 'met' : 'NOT met'}\n`);
    // Absolute (KiB of the first visit's scripts): a ratio of 1 is exactly the budget.
    reportBench([
      {
        figure: 'home initial JS (KiB gzip)',
        value: kib(home.bytes),
        reference: kib(reference.bytes),
        unit: 'KiB',
        ratio: kib(home.bytes) / TARGET_KIB,
        target: { op: '<=', value: 1 },
      },
    ]);
    console.log('  home chunks:');
    for (const f of home.files) console.log(`    ${kib(f.bytes).toFixed(1).padStart(6)} KiB  ${f.file}`);
    console.log(`\n  pages in their own chunk (${pages.length}):`);
    for (const line of pages) console.log(`    ${line}`);
    console.log(`\n  dialogs in their own chunk (${dialogs.length}):`);
    for (const line of dialogs) console.log(`    ${line}`);
    console.log(
      `\n  other lazy chunks: ${lazy.filter((l) => !pages.includes(l) && !dialogs.includes(l)).join('; ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
