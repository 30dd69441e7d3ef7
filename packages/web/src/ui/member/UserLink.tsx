import { type ReactElement, type ReactNode, Suspense, useCallback } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { HoverCardFrame } from '../hovercard/HoverCardFrame';
import { PATHS } from '../paths';
import type { CardUser } from './cardUser';
import styles from './Member.module.css';
import { profileCardContent } from './profileCard';

/**
 * Attaches the profile hover card (opens after 500 ms, hides after 200 ms) to any element that
 * takes a ref: a name, an avatar link. Touch screens never hover: a tap follows the link.
 */
export function ProfileCardTrigger({ user, children }: { user: CardUser; children: ReactElement }) {
  const { t } = useI18n();
  const Card = profileCardContent();
  if (!Card) return children;
  return (
    <HoverCardFrame trigger={children} label={t('card.label', { name: user.name ?? '' })}>
      <Suspense fallback={<p className={styles.cardLoading}>{t('app.loading')}</p>}>
        <Card user={user} />
      </Suspense>
    </HoverCardFrame>
  );
}

/** For features that render their own trigger: `const withCard = useProfileCard(user); withCard(<a>…</a>)`. */
export function useProfileCard(user: CardUser): (trigger: ReactElement) => ReactElement {
  return useCallback(
    (trigger: ReactElement) => <ProfileCardTrigger user={user}>{trigger}</ProfileCardTrigger>,
    [user],
  );
}

/** A member's name (or the given children, e.g. an avatar) linking to the profile, with the card. */
export function UserLink({
  user,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  user: CardUser;
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <ProfileCardTrigger user={user}>
      <Link to={PATHS.profile(user.uid)} className={className ?? styles.userLink} aria-label={ariaLabel}>
        {children ?? user.name}
      </Link>
    </ProfileCardTrigger>
  );
}
