import { useEffect } from 'react';
import { t } from '../../i18n/i18n';

/** The page title carries the unread count in parentheses: "(3) Inicio · Tertulia". */
export function formatTitle(page: string | undefined, unread: number): string {
  const base = page ? `${page} · ${t('app.name')}` : t('app.name');
  return unread > 0 ? t('title.unread', { count: unread, title: base }) : base;
}

let page: string | undefined;
let unread = 0;
let badgeSet = false;

function apply(): void {
  if (typeof document !== 'undefined') document.title = formatTitle(page, unread);
}

type BadgingNavigator = { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * The installed app's icon shows the same count (Badging API, where the browser has it); a
 * browser without it, or one that refuses, keeps only the title.
 */
export function applyAppBadge(count: number, nav: BadgingNavigator | undefined = globalThis.navigator): void {
  if (!nav?.setAppBadge) return;
  const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.();
  done?.catch(() => undefined);
}

/** The messaging feature feeds this with the number of unread messages. */
export function setUnreadCount(count: number): void {
  const next = Math.max(0, Math.floor(count));
  // The first count replaces whatever the service worker's notifications left on the icon.
  if (next !== unread || !badgeSet) applyAppBadge(next);
  badgeSet = true;
  unread = next;
  apply();
}

export function setPageTitle(title: string | undefined): void {
  page = title;
  apply();
}

/**
 * The title of the page the server has just drawn (entry-server.tsx), for its <title>: a drawn page
 * is shown under its own name before it hydrates and the effect below names it in the browser.
 */
export function drawnPageTitle(): string {
  return formatTitle(page, 0);
}

/** Each page names itself (with a translated title, so it follows language changes). */
export function usePageTitle(title: string): void {
  // The server runs no effects: its drawing notes the name as it renders (drawings take turns).
  if (typeof document === 'undefined') page = title;
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
