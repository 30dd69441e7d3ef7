import { describe, expect, it } from 'vitest';
import { gameFrameSrc, securityHeaders } from './security-headers';

const csp = (headers: Record<string, string>) => headers['content-security-policy'];

describe('game frames in the security headers (docs/games-container.md)', () => {
  it('pages may frame only our own origin and the registered games’ https origins', () => {
    let origins: readonly string[] = [];
    const headersFor = securityHeaders(false, () => origins);
    expect(csp(headersFor('/games?gid=1'))).toContain("frame-src 'self'");
    expect(csp(headersFor('/games?gid=1'))).not.toContain('studio');
    origins = ['https://studio.example', 'https://play.example:8443'];
    expect(csp(headersFor('/html/index.jsp'))).toMatch(
      /frame-src 'self' https:\/\/studio\.example https:\/\/play\.example:8443(;|$)/,
    );
  });

  it('leaves out anything that is not a plain https origin', () => {
    expect(
      gameFrameSrc([
        'http://plain.example',
        'https://ok.example',
        "https://x.example; script-src 'unsafe-eval'",
        '*',
        'https://a.example/path',
      ]),
    ).toBe("frame-src 'self' https://ok.example");
  });

  it('built-in game files are sandboxed even when opened alone, framed only by our pages, and reach no server', () => {
    const headers = securityHeaders(true)('/games-builtin/example/index.html');
    const policy = csp(headers);
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("connect-src 'none'");
    expect(headers['x-frame-options']).toBeUndefined();
    // Its document is an opaque origin: same-origin CORP would block its own scripts.
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['strict-transport-security']).toBeDefined();
  });

  it('the container page itself keeps the page set (not framable)', () => {
    const page = securityHeaders(false)('/games?gid=3');
    expect(csp(page)).toContain("frame-ancestors 'none'");
    expect(page['x-frame-options']).toBe('DENY');
  });
});
