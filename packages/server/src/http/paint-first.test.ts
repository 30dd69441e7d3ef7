import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAINT_FIRST_SCRIPT_HASH, paintFirst } from './paint-first';
import { securityHeaders } from './security-headers';

const PAGE =
  '<html><head><script type="module" crossorigin src="/assets/main-Ab1_c.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body><div id="root">x</div></body></html>';

describe('a drawn page paints before its scripts run', () => {
  it('turns the entry and its preloads into an inline loader that adds them after the first frame', () => {
    const html = paintFirst(
      PAGE.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/route-2.js" /></head>'),
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const loader =
      /<script data-entry="\/assets\/main-Ab1_c\.js" data-preload="\/assets\/react-1\.js \/assets\/route-2\.js">(.*?)<\/script>/.exec(
        html,
      );
    expect(loader).not.toBeNull();
    expect(loader![1]).toContain('requestAnimationFrame');
    // The CSP allows exactly that text.
    const hash = createHash('sha256').update(loader![1]).digest('base64');
    expect(PAINT_FIRST_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it('leaves a page without an entry as it is', () => {
    expect(paintFirst('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
  });

  it("pages' CSP allows the loader by its hash and no other inline script", () => {
    const csp = securityHeaders(false)('/html/index.jsp')['content-security-policy'];
    expect(csp).toContain(`script-src 'self' ${PAINT_FIRST_SCRIPT_HASH};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
