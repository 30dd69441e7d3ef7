import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints, api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './_util';

/** Every contract endpoint has a handler and is exercised by at least one test. */
const root = path.resolve(import.meta.dirname, '../..');

function testSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testSources(full);
    return /\.test\.tsx?$/.test(entry.name) && full !== import.meta.filename
      ? [fs.readFileSync(full, 'utf8')]
      : [];
  });
}

describe('contract coverage', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const named = Object.entries(api).flatMap(([areaKey, area]) =>
    Object.entries(area).map(([callKey, e]) => ({ ref: `api.${areaKey}.${callKey}`, endpoint: e })),
  );

  it('names every endpoint once', () => {
    expect(named).toHaveLength(allEndpoints.length);
    expect(new Set(allEndpoints.map((e) => e.path)).size).toBe(allEndpoints.length);
  });

  it.each(named)('$ref has a handler', ({ endpoint }) => {
    expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
  });

  const sources = testSources(path.join(root, 'server'));
  it.each(named)('$ref is exercised by a server test', ({ ref }) => {
    const pattern = new RegExp(`${ref.replace(/\./g, '\\.')}\\b`);
    expect(sources.some((source) => pattern.test(source))).toBe(true);
  });
});
