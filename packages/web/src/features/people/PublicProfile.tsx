import { Link } from 'react-router';
import type { PublicProfile as Profile } from '../../api/rendered';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { PROFILE_PHOTO } from '../../ui/member/images';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Profile.module.css';
import './texts';

/**
 * A public profile as a visitor sees it: what its shared link's card shows (name, about, photo),
 * rendered by the server with the page (docs/first-paint.md), and the way in to see the rest.
 */
export function PublicProfile({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const name = profile.name ?? '';
  usePageTitle(name);
  const back = `${PATHS.login}?next=${encodeURIComponent(PATHS.profile(profile.uid))}`;
  return (
    <article className={styles.profile} aria-labelledby="profile-name" data-testid="public-profile">
      <div className={styles.cover} />
      <div className={styles.sheet}>
        <div className={styles.head}>
          <Avatar
            user={profile}
            size={112}
            image={PROFILE_PHOTO}
            alt={t('profile.viewPhoto', { name })}
            showPresence={false}
            lazy={false}
          />
          <div className={styles.identity}>
            <h1 id="profile-name" className={styles.name}>
              {name}
            </h1>
          </div>
        </div>
        {profile.about && (
          <section aria-label={t('profile.about')}>
            <h2>{t('profile.about')}</h2>
            <RichText as="p" text={profile.about} />
          </section>
        )}
        <p>{t('profile.public.lead')}</p>
        <div className={styles.actions}>
          <Link to={PATHS.signup} className={buttonClass('primary')}>
            {t('header.signup')}
          </Link>
          <Link to={back} className={buttonClass('secondary')}>
            {t('profile.public.login')}
          </Link>
        </div>
      </div>
    </article>
  );
}
