import { useEffect } from 'react';
import { t } from '../../i18n/i18n';

/** The page title carries the unread count in parentheses: "(3) Inicio · Tertulia". */
export function formatTitle(page: string | undefined, unread: number): string {
  const base = page ? `${page} · ${t('app.name')}` : t('app.name');
  return unread > 0 ? t('title.unread', { count: unread, title: base }) : base;
}

let page: string | undefined;
let unread = 0;

function apply(): void {
  if (typeof document !== 'undefined') document.title = formatTitle(page, unread);
}

/** The messaging feature feeds this with the number of unread messages. */
export function setUnreadCount(count: number): void {
  unread = Math.max(0, Math.floor(count));
  apply();
}

export function setPageTitle(title: string | undefined): void {
  page = title;
  apply();
}

/** Each page names itself (with a translated title, so it follows language changes). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
