/**
 * Links and images an admin or member writes that the site will put in an href or src: a path
 * of this site or an https address, decided by the WHATWG URL parser the browser uses, never by
 * prefix checks (docs/security.md, "Input"). `/\evil.example`, `//evil.example`, `\\evil`,
 * `/%09/evil`, `https://user:pw@host` and anything with spaces or control characters are refused.
 * The answer is the normalized form to store (a same-site path keeps no origin).
 */
const BASE = 'https://same-site.invalid';

// Tabs and newlines are silently dropped by the parser (so `/\t/evil` becomes `//evil`): refuse
// them, and every other control or space character, before parsing.
const unsafeCharacter = (c: string) => c <= ' ' || c === '\x7f' || c === '\\' || /\s/.test(c);

export function safeLink(value: string): string | undefined {
  if (!value || [...value].some(unsafeCharacter)) return undefined;
  let url: URL;
  try {
    url = value.startsWith('/') ? new URL(value, BASE) : new URL(value);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (value.startsWith('/')) {
    // A path that the parser reads as another host (`//host`, `/\host`) leaves the site.
    if (url.origin !== BASE || value.startsWith('//')) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return url.protocol === 'https:' && url.hostname ? url.href : undefined;
}
