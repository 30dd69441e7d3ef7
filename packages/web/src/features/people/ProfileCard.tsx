import type { User } from '@tertulia/contract';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import type { CardUser } from '../../ui/member/cardUser';
import { CARD_PHOTO, sizedImage } from '../../ui/member/images';
import { PresenceLine } from '../../ui/member/Presence';
import { AddFriendSlot } from '../../ui/member/profileSlots';
import { PATHS } from '../../ui/paths';
import { profileDialog } from './dialogs';
import { MessageForm } from './MessageForm';
import styles from './People.module.css';
import {
  cardMessageAction,
  cardName,
  isChatPath,
  mayAddFriend,
  showsAdminTools,
  showsVipStar,
} from './rules';
import { useSafety } from './useSafety';
import { word } from './words';
import './texts';

function AdminTools({ user }: { user: User }) {
  const { t } = useI18n();
  const safety = useSafety(user);
  return (
    <div className={styles.cardAdmin}>
      <span className="visually-hidden">{t('profile.adminTools')}</span>
      <Button variant="secondary" onClick={safety.ban} disabled={safety.pending}>
        {t('profile.ban')}
      </Button>
    </div>
  );
}

/** The hover card's content (rules in ./rules); a chunk of its own. */
export default function ProfileCard({ user: known }: { user: CardUser }) {
  const { t } = useI18n();
  const { user: viewer } = useSession();
  const { pathname } = useLocation();
  const query = useUser(known.uid, { enabled: !!viewer, placeholder: known as User });
  const user: User = { ...known, ...query.data };
  const action = cardMessageAction(viewer, user, isChatPath(pathname));
  const photo = sizedImage(user.image1, CARD_PHOTO);
  const facts = [
    user.age ? t('people.age', { age: user.age }) : undefined,
    word('gender', user.gender),
    user.from,
  ].filter(Boolean);
  const profile = PATHS.profile(user.uid);

  return (
    <div className={styles.card} data-vip={showsVipStar(user) || undefined} data-testid="profile-card">
      <div className={styles.cardHead}>
        <Link to={profile} className={styles.cardPhoto} tabIndex={-1} aria-hidden="true">
          {photo ? (
            <img src={photo} alt="" width={96} height={96} />
          ) : (
            <span>{(user.name ?? '?').slice(0, 1).toUpperCase()}</span>
          )}
        </Link>
        <div className={styles.cardInfo}>
          <p className={styles.cardName}>
            <Link to={profile}>{cardName(viewer, user)}</Link>
            {showsVipStar(user) && <span className={styles.vipBadge}>{t('people.vip')}</span>}
          </p>
          {user.name && <p className={styles.muted}>{`@${user.name}`}</p>}
          {facts.length > 0 && <p className={styles.muted}>{facts.join(' · ')}</p>}
          <PresenceLine user={user} />
        </div>
      </div>
      {!viewer && <p className={styles.muted}>{t('home.mustBeLoggedIn')}</p>}
      {action === 'form' && <MessageForm target={user} />}
      {action === 'profileDialog' && (
        <Button variant="secondary" block onClick={() => openDialog(profileDialog, { user })}>
          {t('card.viewProfile')}
        </Button>
      )}
      {mayAddFriend(viewer, user) && <AddFriendSlot user={user} />}
      {showsAdminTools(viewer, user) && <AdminTools user={user} />}
    </div>
  );
}
