import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testApp } from '../../tests/_util';

/** A web build with two stylesheets and a script. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-css-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'main-Ab12.css'), 'body{color:#111}');
  fs.writeFileSync(path.join(dir, 'assets', 'chat-Cd34.css'), '.room{gap:4px}');
  fs.writeFileSync(path.join(dir, 'assets', 'main-Ab12.js'), 'console.log(1)');
  return dir;
}

describe('/wk/unify_CSS.jsp', () => {
  const web = webBuild();
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialects[0], { webDist: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('serves every stylesheet of the build as one, cacheable and revalidated for nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wk/unify_CSS.jsp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain('body{color:#111}');
    expect(res.body).toContain('.room{gap:4px}');
    expect(res.body.indexOf('.room')).toBeLessThan(res.body.indexOf('body{'));
    expect(res.body).not.toContain('console.log');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/wk/unify_CSS.jsp',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
