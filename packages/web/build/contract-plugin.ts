import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const contractSrc = resolve(here, '../../contract/src');
const VIRTUAL = '\0tertulia-contract';

/**
 * The contract's endpoints are TypeBox schemas: the server validates with them, but the browser
 * only needs each endpoint's path, method and envelope key. This plugin evaluates the contract
 * at build time and hands the bundle those facts as plain data, so the validator library
 * (about 25 KiB gzipped) never ships. Types still come from the real contract; errors.ts,
 * push.ts, media.ts (image URLs) and enums.ts carry no schema code and are bundled as they are;
 * plain constants that sit beside schemas (ContactPermission) travel as data.
 */
export function slimContract(): Plugin {
  let code = '';
  return {
    name: 'tertulia-slim-contract',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const script = `
        const c = await import(${JSON.stringify(`${contractSrc}/index.ts`)});
        const api = {};
        for (const [area, calls] of Object.entries(c.api)) {
          api[area] = {};
          for (const [name, e] of Object.entries(calls)) {
            api[area][name] = { area: e.area, call: e.call, path: e.path, method: e.method, auth: e.auth,
              result: { name: e.result.name }, multipart: e.multipart ?? false, list: e.list };
          }
        }
        process.stdout.write(JSON.stringify({ api, API_PREFIX: c.API_PREFIX, MAX_LIMIT: c.MAX_LIMIT,
          ContactPermission: c.ContactPermission }));`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: resolve(here, '../../..'),
        encoding: 'utf8',
      });
      const data = JSON.parse(out) as Record<string, unknown>;
      code = [
        `export * from ${JSON.stringify(`${contractSrc}/errors.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/push.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/media.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/enums.ts`)};`,
        ...Object.entries(data).map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`),
      ].join('\n');
    },
    resolveId(id) {
      return id === '@tertulia/contract' ? VIRTUAL : null;
    },
    load(id) {
      return id === VIRTUAL ? code : null;
    },
  };
}
