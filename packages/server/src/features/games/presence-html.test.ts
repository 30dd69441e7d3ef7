import net from 'node:net';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';
import { sanitizePresence } from './presence-html';

/** Payloads from the usual XSS cheat sheets: none may leave a script, a handler or a javascript: URL. */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://x.example.org/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<svg onload=alert(1)><circle/></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)" onclick="alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<link rel="stylesheet" href="https://x.example.org/x.css">',
  '<style>@import "https://x.example.org/x.css";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<details open ontoggle=alert(1)>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<b>Nivel 7</b> <img src="https://cdn.example.org/medal.png" alt="Medalla" style="width:20px">',
];

describe('presence HTML sanitizer', () => {
  it('leaves no script, handler or javascript: URL in any payload, and sanitizing twice changes nothing', () => {
    for (const payload of CORPUS) {
      const once = sanitizePresence(payload, 7);
      expect(once, payload).not.toMatch(/<script|<style|<link|<iframe|<object|<embed|<svg|<form|<meta/i);
      expect(once, payload).not.toMatch(/\son\w+\s*=/i);
      expect(once, payload).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
      expect(once, payload).not.toMatch(/url\(|expression\(/i);
      expect(sanitizePresence(once, 7), payload).toBe(once);
    }
  });

  it('keeps only src, alt and style, and sends links to the game’s route', () => {
    const html = sanitizePresence(
      '<div class="x" id="y" title="t" style="color:#f00"><img src="https://c.example.org/a.png" alt="A" width="9"><a href="https://studio.example.org/?lvl=3" target="_blank">ir</a></div>',
      7,
    );
    expect(html).toBe(
      '<div style="color:#f00"><img src="https://c.example.org/a.png" alt="A" /><a href="/games?gid=7&amp;source=profile_presence&amp;gameParams=https%3A%2F%2Fstudio.example.org%2F%3Flvl%3D3">ir</a></div>',
    );
  });
});

describe.each(dialects)('presence HTML fetch on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  let connections = 0;
  let trap: net.Server;
  let port = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
    trap = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    port = (trap.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => trap.close(resolve));
    await t.close();
  });

  it('never reaches a loopback or private address; a game without presence answers nothing', async () => {
    const m = await member(t.app);
    const viewer = await member(t.app);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::ffff:127.0.0.1]:${port}`]) {
      const game = await registerGame(admin, {
        url: `https://${host}/play`,
        presenceUrl: `https://${host}/presence`,
      });
      await openGame(m, game.id);
      const answer = await viewer.ok(api.game.getPresenceHtml, { userId: m.user.uid, gameId: game.id });
      expect(answer).toEqual(['']);
    }
    expect(connections).toBe(0);
    const plain = await registerGame(admin);
    await openGame(m, plain.id);
    expect(await viewer.ok(api.game.getPresenceHtml, { userId: m.user.uid, gameId: plain.id })).toEqual(['']);
    const http = await admin.call(api.gameAdmin.registerGame, {
      name: 'http',
      kind: 'external',
      url: 'https://a.example.org/',
      presenceUrl: 'http://a.example.org/p',
    });
    expect(http.status).toBe(400);
    expect(http.body.ApiValidationException).toEqual({ field: 'presenceUrl' });
    expect((await viewer.call(api.game.getPresenceHtml, { userId: m.user.uid })).status).toBe(400);
  });
});
