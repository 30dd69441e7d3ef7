/**
 * Whether the web app serves a page at a path: a link to it does not land on the not-found page.
 * The router registers its matcher at start (app/ads/served.ts), so features can ask without
 * importing the app; before that, nothing counts as served.
 */
let matcher: ((pathname: string) => boolean) | undefined;

export function setServedPaths(match: (pathname: string) => boolean): void {
  matcher = match;
}

export function served(href: string): boolean {
  return matcher?.(new URL(href, 'http://x').pathname) ?? false;
}
