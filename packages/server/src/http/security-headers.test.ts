import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const csp = (headers: Record<string, string>) => headers['content-security-policy'];

describe('built-in game files’ headers (docs/games-container.md)', () => {
  it('are sandboxed even when opened alone, framed only by our pages, and reach no server', () => {
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

  it('the SDK script beside them gets the same set; the container page keeps the page set', () => {
    expect(csp(securityHeaders(false)('/games-builtin/sdk.js'))).toContain('sandbox allow-scripts');
    const page = securityHeaders(false)('/games?gid=3');
    expect(csp(page)).toContain("frame-ancestors 'none'");
    expect(page['x-frame-options']).toBe('DENY');
  });
});
