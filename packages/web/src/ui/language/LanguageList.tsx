import type { Locale as LocaleEntry } from '@tertulia/contract';
import { useLocales } from '../../api/areas/profile';
import { LOCALES, useI18n } from '../../i18n/i18n';
import { PATHS } from '../paths';
import styles from './LanguageList.module.css';

/** Until the server's list arrives (or if it fails), the languages the app ships. */
function fallback(current: string): LocaleEntry[] {
  return LOCALES.map((code) => ({
    code,
    name: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
    active: code === current,
  }));
}

export function LanguageList() {
  const { t, locale } = useI18n();
  const { data } = useLocales();
  const entries = data?.length ? data : fallback(locale);
  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.code}>
          {/* A real navigation: the server stores the choice and redirects home. */}
          <a
            href={PATHS.language(entry.code)}
            lang={entry.code}
            hrefLang={entry.code}
            className={styles.entry}
            aria-current={entry.active ? 'true' : undefined}
          >
            <span className={styles.name}>{entry.name}</span>
            <span className={styles.code}>{entry.code.toUpperCase()}</span>
            {entry.active && <span className="visually-hidden">{t('language.active')}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
