import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import './texts';

/** The open artwork Tertulia draws with, and the attribution its licences ask for. */
const CREDITS = [
  {
    name: 'Twemoji',
    href: 'https://github.com/jdecked/twemoji',
    holder: 'Twitter, Inc. and other contributors',
    licence: 'CC-BY 4.0',
    licenceHref: 'https://creativecommons.org/licenses/by/4.0/',
    use: 'gifts.about.twemojiUse',
  },
  {
    name: 'OpenMoji',
    href: 'https://openmoji.org/',
    holder: 'OpenMoji – the open-source emoji and icon project',
    licence: 'CC BY-SA 4.0',
    licenceHref: 'https://creativecommons.org/licenses/by-sa/4.0/',
    use: 'gifts.about.openmojiUse',
  },
] as const;

/** /about: what Tertulia is, and the credits of the artwork of its gifts and emoticons. */
export function Component() {
  const { t } = useI18n();
  usePageTitle(t('gifts.about.title'));
  return (
    <div className={pageStyles.page}>
      <h1>{t('gifts.about.title')}</h1>
      <p className={pageStyles.lead}>{t('gifts.about.lead')}</p>
      <h2>{t('gifts.about.credits')}</h2>
      <p>{t('gifts.about.creditsLead')}</p>
      <ul data-testid="about-credits">
        {CREDITS.map((c) => (
          <li key={c.name}>
            <p>
              <a href={c.href} rel="noopener noreferrer" target="_blank">
                {c.name}
              </a>{' '}
              © {c.holder},{' '}
              <a href={c.licenceHref} rel="license noopener noreferrer" target="_blank">
                {c.licence}
              </a>
              . {t(c.use)}
            </p>
          </li>
        ))}
      </ul>
      <p>{t('gifts.about.unchanged')}</p>
    </div>
  );
}
