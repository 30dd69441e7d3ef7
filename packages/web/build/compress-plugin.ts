import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's JSON threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every text file of the
 * build, once, so the server hands out compressed bytes without compressing on each request
 * (@fastify/static's preCompressed in the server's app.ts). A copy that is not smaller is skipped.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tertulia-precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute outDir (the web-bundle bench's temporary build) stays as it is.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await textFiles(outDir);
      await Promise.all(files.map(compressFile));
    },
  };
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !e.parentPath.includes('.vite'))
    .map((e) => join(e.parentPath, e.name));
}

async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([
    br.length < data.length ? writeFile(`${file}.br`, br) : undefined,
    gzipped.length < data.length ? writeFile(`${file}.gz`, gzipped) : undefined,
  ]);
}
