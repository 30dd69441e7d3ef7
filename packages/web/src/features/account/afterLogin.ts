import type { User } from '@tertulia/contract';
import { getLocale, LOCALES, type Locale, localeFromCookie, setLocale, t } from '../../i18n/i18n';
import { rememberLocale } from '../../ui/language/rememberedLocale';
import { toast } from '../../ui/toast/toastStore';

/** A member's stored language wins after login (the server may also have set the cookie). */
export async function adoptMemberLocale(user: User): Promise<void> {
  const stored = (user.locale ?? '').slice(0, 2);
  const locale = (LOCALES as readonly string[]).includes(stored)
    ? (stored as Locale)
    : localeFromCookie(document.cookie);
  rememberLocale(locale);
  if (locale !== getLocale()) await setLocale(locale);
}

/** Only in-app paths are followed after login: never another site. */
export function safeNext(next: string | null, fallback: string): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

/** What the login answer tells the member: an account restored from deletion, failed attempts. */
export function announceLogin(user: User): void {
  if (user.accountRestored) toast.success(t('account.restored'));
  if (user.failedLoginAttempts) toast.notice(t('account.failedLogins', { count: user.failedLoginAttempts }));
}
