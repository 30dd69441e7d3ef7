import type { User } from '@tertulia/contract';
import { type ReactNode, Suspense } from 'react';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { lazyPart } from '../../ui/lazyPart';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { PROFILE_PHOTO } from '../../ui/member/images';
import { PresenceLine } from '../../ui/member/Presence';
import { ProfileGamesSlot } from '../../ui/member/profileSlots';
import { UserLink } from '../../ui/member/UserLink';
import { photoDialog } from './dialogs';
import styles from './Profile.module.css';
import { ProfileMedia } from './ProfileMedia';
import { fullName, showsVipStar } from './rules';
import { DETAIL_FIELDS, word } from './words';
import './texts';

// The feed issue's part of the profile (status, activity, guestbook): its own chunk.
const ProfileFeed = lazyPart('src/features/feed/ProfileFeed.tsx', () => import('../feed/ProfileFeed'));
const ProfilePhotos = lazyPart(
  'src/features/photos/ProfilePhotos.tsx',
  () => import('../photos/ProfilePhotos'),
);

/** Photo, names, VIP and verified marks, age, gender, place and presence. */
export function ProfileHeader({
  user,
  headingId,
  Heading = 'h1',
  own = false,
}: {
  user: User;
  headingId?: string;
  Heading?: 'h1' | 'h2';
  own?: boolean;
}) {
  const { t } = useI18n();
  const facts = [
    user.age ? t('people.age', { age: user.age }) : undefined,
    word('gender', user.gender),
    user.from,
  ].filter(Boolean);
  const display = fullName(user);
  return (
    <div className={styles.head}>
      {user.image1 ? (
        <button
          type="button"
          className={styles.photoButton}
          onClick={() => openDialog(photoDialog, { name: user.name ?? '', src: user.image1 ?? '' })}
        >
          <Avatar
            user={user}
            size={112}
            image={PROFILE_PHOTO}
            alt={t('profile.viewPhoto', { name: user.name ?? '' })}
            lazy={false}
          />
        </button>
      ) : (
        <Avatar user={user} size={112} image={PROFILE_PHOTO} lazy={false} />
      )}
      <div className={styles.identity}>
        <Heading id={headingId} className={styles.name}>
          {display}
          {showsVipStar(user) && <span className={styles.vip}>{t('people.vip')}</span>}
          {user.verified && (
            <span className={styles.verified} title={t('people.verified')}>
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden">{t('people.verified')}</span>
            </span>
          )}
        </Heading>
        {user.name && display !== user.name && <p className={styles.userName}>{`@${user.name}`}</p>}
        {facts.length > 0 && <p className={styles.facts}>{facts.join(' · ')}</p>}
        {(user.isFeaturedArtist || user.isFanProfile) && (
          <p className={styles.facts}>
            {[
              user.isFeaturedArtist ? t('profile.featuredArtist') : undefined,
              user.isFanProfile ? t('profile.fanProfile') : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {user.isFlagged && (
          <p className={styles.flagged} role="note">
            {t('profile.flagged')}
          </p>
        )}
        <PresenceLine user={user} own={own} />
      </div>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Only http(s) links are shown, and as plain text targets (no markup from members). */
export function safeLink(href: string): string | undefined {
  try {
    const url = new URL(href.includes('://') ? href : `https://${href}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** What a member has earned and drawn on Tertulia (docs/member-fields.md): views, points, tier. */
export function profileStats(user: User): { key: MessageKey; value: number }[] {
  const rows: [MessageKey, number | undefined][] = [
    ['profile.stats.views', user.viewCount],
    ['profile.stats.chatPoints', user.chatPoints],
    ['profile.stats.lovePoints', user.lovePoints || undefined],
    ['profile.stats.creds', user.creds],
    ['profile.stats.tier', user.tier],
  ];
  return rows
    .filter((r): r is [MessageKey, number] => r[1] !== undefined)
    .map(([key, value]) => ({ key, value }));
}

/** About (rich text, never HTML), the relationship fields in words, and links. */
export function ProfileBody({ user, idPrefix, own }: { user: User; idPrefix: string; own?: boolean }) {
  const { t } = useI18n();
  const details = DETAIL_FIELDS.map((field) => ({ field, value: word(field, user[field]) })).filter(
    (d) => d.value,
  );
  const relation = word('relationshipType', user.relationshipType);
  const partner = user.relationshipPartnerName;
  const links = (user.externalLinks ?? [])
    .map((link) => ({ link, href: safeLink(link) }))
    .filter((l): l is { link: string; href: string } => !!l.href);
  const stats = profileStats(user);
  // A song with its file plays in the media section (ProfileMedia) with its title; a title alone is a detail.
  const songTitleOnly = !!user.song && !user.songUrl;
  return (
    <>
      {stats.length > 0 && (
        <Section id={`${idPrefix}-stats`} title={t('profile.stats')}>
          <dl className={styles.details} data-testid="profile-stats">
            {stats.map(({ key, value }) => (
              <div key={key} className={styles.detail}>
                <dt>{t(key)}</dt>
                <dd>{key === 'profile.stats.tier' ? t(`people.tier.${value}` as MessageKey) : value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {(user.about || own) && (
        <Section id={`${idPrefix}-about`} title={t('profile.about')}>
          {user.about ? (
            <RichText as="p" text={user.about} />
          ) : (
            <p className={styles.muted}>{t('profile.noAbout')}</p>
          )}
        </Section>
      )}
      {own !== undefined && <ProfileMedia user={user} own={own} idPrefix={idPrefix} />}
      {(details.length > 0 || relation || partner || songTitleOnly) && (
        <Section id={`${idPrefix}-details`} title={t('profile.details')}>
          <dl className={styles.details}>
            {details.map(({ field, value }) => (
              <div key={field} className={styles.detail}>
                <dt>{t(`people.field.${field}` as MessageKey)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {songTitleOnly && (
              <div className={styles.detail}>
                <dt>{t('profile.song')}</dt>
                <dd>{user.song}</dd>
              </div>
            )}
            {(relation || partner) && (
              <div className={styles.detail}>
                <dt>{t('people.field.partner')}</dt>
                <dd>
                  {relation}
                  {relation && partner && ' · '}
                  {partner && user.relationshipPartnerId ? (
                    <UserLink user={{ uid: user.relationshipPartnerId, name: partner }} />
                  ) : (
                    partner
                  )}
                  {partner && user.relationshipPartnerConfirmed === false && (
                    <span className={styles.muted}>{` (${t('profile.relationshipPending')})`}</span>
                  )}
                </dd>
              </div>
            )}
          </dl>
        </Section>
      )}
      {links.length > 0 && (
        <Section id={`${idPrefix}-links`} title={t('profile.links')}>
          <ul className={styles.links}>
            {links.map(({ link, href }) => (
              <li key={link}>
                <a href={href} rel="nofollow noopener noreferrer ugc" target="_blank">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {/* The profile page says whose it is (own); the staff dialog keeps to the card's facts. */}
      {own !== undefined && (
        <>
          <ProfileGamesSlot players={user.game ?? []} userId={user.uid} />
          <Suspense fallback={null}>
            <ProfilePhotos user={user} own={own} />
          </Suspense>
          <Suspense fallback={null}>
            <ProfileFeed user={user} own={own} />
          </Suspense>
        </>
      )}
    </>
  );
}
