import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, allEndpoints, api } from '@tertulia/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countsAsTest, readRequestLog, SWEEPS, untested } from './_coverage';
import { Client, testApp } from './_util';

/**
 * Every contract endpoint has a handler the built app really registered. That every endpoint is
 * also exercised is checked after the whole suite, from the requests the tests made
 * (tests/_coverage-setup.ts); this file tests that check's rules and its recording.
 */

type Route = { method: string; path: string };
const key = (r: Route) => `${r.method} ${r.path}`;

/** The routes of a Fastify app, read from its route tree (`printRoutes`). */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const trail: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    trail.length = match[1].length / 4;
    trail.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path: trail.join('') });
  }
  return routes;
}

// API paths the app serves outside the contract, and why.
const NOT_IN_CONTRACT: Record<string, string> = {
  [`${API_PREFIX}/docs`]: 'the OpenAPI page, generated from the contract',
  [`${API_PREFIX}/profile/exportData`]: 'a ZIP download, not a JSON envelope (features/accounts/export.ts)',
};
const outsideContract = (p: string) =>
  Object.keys(NOT_IN_CONTRACT).some((allowed) => p === allowed || p.startsWith(`${allowed}/`));

describe('contract coverage', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let registered: Route[];
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
    await t.app.ready();
    registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t.close());

  it('names every endpoint once', () => {
    const named = Object.values(api).flatMap((area) => Object.values(area));
    expect(named).toHaveLength(allEndpoints.length);
    expect(new Set(allEndpoints.map((e) => e.path)).size).toBe(allEndpoints.length);
  });

  it('reads the registered routes from the app itself', () => {
    expect(registered.length).toBeGreaterThan(allEndpoints.length);
    // Plain paths, as the contract's are (wildcards such as the docs' assets are matched otherwise).
    for (const route of registered.filter((r) => r.method !== 'HEAD' && !/[*:]/.test(r.path)))
      expect(t.app.hasRoute({ method: route.method as 'GET', url: route.path }), key(route)).toBe(true);
  });

  it('reads nested route trees too', async () => {
    const app = Fastify();
    for (const url of ['/a', '/a/b.do', '/a/bc.do', '/x/y']) app.get(url, () => 'ok');
    app.post('/a/b.do', () => 'ok');
    await app.ready();
    const expected = ['GET /a', 'GET /a/b.do', 'GET /a/bc.do', 'GET /x/y', 'POST /a/b.do'];
    for (const commonPrefix of [true, false]) {
      const found = registeredRoutes(app.printRoutes({ commonPrefix })).filter((r) => r.method !== 'HEAD');
      expect(found.map(key).sort()).toEqual(expected);
    }
    await app.close();
  });

  it('has a registered handler, bound once, for every contract endpoint', () => {
    const present = new Set(registered.map(key));
    const missing = allEndpoints.filter((e) => !present.has(key(e))).map(key);
    expect(missing, 'contract endpoints the app does not serve').toEqual([]);
    const bound = new Map<string, number>();
    for (const route of t.routes) bound.set(key(route.endpoint), (bound.get(key(route.endpoint)) ?? 0) + 1);
    const notOnce = allEndpoints
      .filter((e) => bound.get(key(e)) !== 1)
      .map((e) => `${key(e)} x${bound.get(key(e)) ?? 0}`);
    expect(notOnce, 'endpoints not bound exactly once with bind()').toEqual([]);
  });

  it('serves no API path that is not in the contract', () => {
    const contract = new Set(allEndpoints.map(key));
    const stray = registered
      .filter((r) => r.method !== 'HEAD' && r.path.startsWith(`${API_PREFIX}/`) && !contract.has(key(r)))
      .filter((r) => !outsideContract(r.path))
      .map(key);
    expect(stray, 'add them to the contract, or to NOT_IN_CONTRACT with the reason').toEqual([]);
  });

  it('records the contract endpoints this run reaches, by test file', async () => {
    const dir = inject('requestLogDir');
    if (!dir) return; // run outside the root config: nothing is recorded
    await new Client(t.app).call(api.profile.getLocales);
    const file = path.relative(path.resolve(import.meta.dirname, '../../..'), import.meta.filename);
    expect(readRequestLog(dir)).toContainEqual({
      method: api.profile.getLocales.method,
      path: api.profile.getLocales.path,
      status: 200,
      file: file.split(path.sep).join('/'),
    });
  });
});

describe('what counts as tested', () => {
  const endpoint = { method: 'GET', path: '/servlet/api/x/y.do' };
  const byFile = (file: string, status = 200) => [{ ...endpoint, status, file }];

  it('a successful answer to a server test', () => {
    expect(untested([endpoint], byFile('packages/server/src/features/x/x.test.ts'))).toEqual([]);
    expect(untested([endpoint], byFile('packages/server/tests/flows/push.test.ts'))).toEqual([]);
  });

  it('not a refusal, a request from tools/ or a sweep over every endpoint', () => {
    expect(untested([endpoint], byFile('packages/server/src/features/x/x.test.ts', 403))).toEqual([endpoint]);
    expect(untested([endpoint], byFile('tools/demo/seed.test.ts'))).toEqual([endpoint]);
    for (const sweep of SWEEPS) expect(untested([endpoint], byFile(sweep))).toEqual([endpoint]);
  });

  it('names sweeps that exist', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const sweep of SWEEPS) {
      expect(fs.existsSync(path.join(root, sweep)), sweep).toBe(true);
      expect(countsAsTest(sweep)).toBe(false);
    }
  });
});
