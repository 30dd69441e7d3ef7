import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const contractSrc = resolve(here, '../../contract/src');
const VIRTUAL = '\0tertulia-contract';
const AREA_PREFIX = 'tertulia-contract-area:';
const EXPAND = 'tertulia-contract-expand';
const webSrc = resolve(here, '../src');
/** `api.people`, not `something.api.people`. */
const AREA_ACCESS = /(?<![.\w$])api\.(\w+)/g;
/** Comments may name `api.<area>` (docs), which must not pull the area into the chunk. */
const COMMENT = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const CONTRACT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@tertulia\/contract';/g;

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
  let expandCode = '';
  let areas = new Map<string, string>();
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
      areas = new Map(
        Object.entries(api).map(([area, calls]) => [
          area,
          `import { expand } from ${JSON.stringify(EXPAND)};
          export const calls = Object.fromEntries(Object.entries(${JSON.stringify(calls)}).map(([call, packed]) =>
            [call, expand(${JSON.stringify(area)}, call, packed)]));`,
        ]),
      );
      code = [
        `export * from ${JSON.stringify(`${contractSrc}/errors.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/push.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/media.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/enums.ts`)};`,
        `export * from ${JSON.stringify(`${contractSrc}/ephemeral.ts`)};`,
        ...Object.entries(constants).map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`),
      ].join('\n');
      expandCode = `import { API_PREFIX } from '@tertulia/contract';
        export const expand = (key, name, packed) => {
          const [method, auth, result, multipart, limit, where] = packed.split(' ');
          const [area, call] = where ? where.split('/') : [key, name];
          return { area, call, path: API_PREFIX + '/' + area + '/' + call + '.do', method, auth,
            result: { name: result }, multipart: multipart === '1', list: limit ? { defaultLimit: +limit } : undefined };
        };`;
    },
    // `api.<area>` in the app's sources becomes that area's own module, so each area's endpoints
    // travel with the chunks that call them: the admin's or the chat's endpoints are not in the
    // first load of a member's home (first-load.e2e.test.ts, 150 KiB budget).
    transform(source, id) {
      if (!id.startsWith(webSrc) || !source.includes("from '@tertulia/contract'")) return null;
      const used = new Set<string>();
      const comments = [...source.matchAll(COMMENT)].map((m) => [m.index, m.index + m[0].length]);
      const rewritten = source.replace(AREA_ACCESS, (whole, area: string, at: number) => {
        if (comments.some(([from, to]) => at >= from && at < to)) return whole;
        used.add(area);
        return `__contractArea_${area}`;
      });
      if (used.size === 0) return null;
      // The whole-API object no longer exists in the bundle: only its areas do.
      const withoutApi = rewritten.replace(CONTRACT_IMPORT, (_whole, names: string) => {
        const kept = names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && name !== 'api');
        return kept.length ? `import { ${kept.join(', ')} } from '@tertulia/contract';` : '';
      });
      const imports = [...used].map((area) => {
        if (!areas.has(area)) this.error(`${id}: no contract area "${area}"`);
        return `import { calls as __contractArea_${area} } from '${AREA_PREFIX}${area}';`;
      });
      return { code: `${imports.join('\n')}\n${withoutApi}`, map: null };
    },
    resolveId(id) {
      if (id === '@tertulia/contract') return VIRTUAL;
      if (id === EXPAND || id.startsWith(AREA_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === VIRTUAL) return code;
      if (id === `\0${EXPAND}`) return expandCode;
      if (id.startsWith(`\0${AREA_PREFIX}`)) return areas.get(id.slice(AREA_PREFIX.length + 1)) ?? null;
      return null;
    },
  };
}
