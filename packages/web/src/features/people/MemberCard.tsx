import type { User } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { PresenceLine } from '../../ui/member/Presence';
import { ProfileCardTrigger } from '../../ui/member/UserLink';
import { PATHS } from '../../ui/paths';
import styles from './People.module.css';
import { showsVipStar } from './rules';
import { word } from './words';
import './texts';

/** A search result: photo and name (both open the hover card), age, place, presence. */
export function MemberCard({ user }: { user: User }) {
  const { t } = useI18n();
  const facts = [user.age ? t('people.age', { age: user.age }) : undefined, word('gender', user.gender)]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className={styles.member} data-vip={showsVipStar(user) || undefined}>
      <ProfileCardTrigger user={user}>
        <Link to={PATHS.profile(user.uid)} className={styles.memberPhoto} tabIndex={-1} aria-hidden="true">
          <Avatar user={user} size={72} />
        </Link>
      </ProfileCardTrigger>
      <div className={styles.memberInfo}>
        <h3 className={styles.memberName}>
          <ProfileCardTrigger user={user}>
            <Link to={PATHS.profile(user.uid)}>{user.name}</Link>
          </ProfileCardTrigger>
          {showsVipStar(user) && <span className={styles.vipBadge}>{t('people.vip')}</span>}
        </h3>
        {facts && <p className={styles.muted}>{facts}</p>}
        {user.from && <p className={styles.muted}>{user.from}</p>}
        <PresenceLine user={user} />
      </div>
    </article>
  );
}
