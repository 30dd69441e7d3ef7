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
 * push.ts, media.ts (image URLs), enums.ts and ephemeral.ts carry no schema code and are bundled as they are;
 * plain constants that sit beside schemas (ContactPermission, ChurnType, OfflineCategory) travel
 * as data.
 */
export function slimContract(): Plugin {
  let code = '';
  return {
    name: 'tertulia-slim-contract',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      // Each endpoint travels as one short string, "method auth resultName multipart defaultLimit [area/call]"
      // (the last only when the module's key or name differs from the endpoint's area or call),
      // and is expanded in the browser: the path is always API_PREFIX/area/call.do. As JSON
      // objects the ~170 endpoints cost about 4 KiB gzipped of the home page’s initial JS.
      const script = `
        const c = await import(${JSON.stringify(`${contractSrc}/index.ts`)});
        const api = {};
        for (const [area, calls] of Object.entries(c.api)) {
          api[area] = {};
          for (const [name, e] of Object.entries(calls)) {
            if (e.path !== c.API_PREFIX + '/' + e.area + '/' + e.call + '.do') throw new Error('unexpected path ' + e.path);
            const where = e.area === area && e.call === name ? '' : e.area + '/' + e.call;
            api[area][name] = [e.method, e.auth, e.result.name, e.multipart ? 1 : 0, e.list?.defaultLimit ?? '', where].join(' ');
          }
        }
        process.stdout.write(JSON.stringify({ api, API_PREFIX: c.API_PREFIX, MAX_LIMIT: c.MAX_LIMIT,
          ContactPermission: c.ContactPermission, ChurnType: c.ChurnType, OfflineCategory: c.OfflineCategory }));`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: resolve(here, '../../..'),
        encoding: 'utf8',
      });
      const { api, ...constants } = JSON.parse(out) as { api: Record<string, Record<string, string>> };
      code = [
        `export * from ${JSON.stringify(`${contractSrc}/errors.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/push.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/media.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/enums.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/ephemeral.ts`)};`,
        ...Object.entries(constants).map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`),
        `const expand = (key, name, packed) => {
          const [method, auth, result, multipart, limit, where] = packed.split(' ');
          const [area, call] = where ? where.split('/') : [key, name];
          return { area, call, path: API_PREFIX + '/' + area + '/' + call + '.do', method, auth,
            result: { name: result }, multipart: multipart === '1', list: limit ? { defaultLimit: +limit } : undefined };
        };`,
        `export const api = Object.fromEntries(Object.entries(${JSON.stringify(api)}).map(([area, calls]) =>
          [area, Object.fromEntries(Object.entries(calls).map(([call, packed]) => [call, expand(area, call, packed)]))]));`,
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
