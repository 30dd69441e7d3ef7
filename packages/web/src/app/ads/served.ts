import { matchRoutes } from 'react-router';
import { pageRoutes } from '../router';

/** Whether the router serves a page at href: a link to it does not land on the not-found page. */
export function served(href: string): boolean {
  const matched = matchRoutes([{ path: '/', children: pageRoutes }], new URL(href, 'http://x').pathname);
  return matched !== null && matched.at(-1)?.route.path !== '*';
}
