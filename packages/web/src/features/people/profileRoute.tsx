import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSetMemberFlags, useUser, visitProfile } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { isApiError } from '../../api/errors';
import { usePublicProfile } from '../../api/rendered';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { BACKGROUND, sizedImage } from '../../ui/member/images';
import { IMAGE_ACCEPT, type ProfileImageKind, uploadProfileImage } from '../../ui/member/photoUpload';
import { AddFriendSlot, GiftSlot } from '../../ui/member/profileSlots';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { ShareButton } from '../../ui/sheet/ShareButton';
import { usePageTitle } from '../../ui/title/pageTitle';
import { SendSpinButton } from '../rewards/SendSpinButton';
import { composeDialog, editProfileDialog } from './dialogs';
import styles from './Profile.module.css';
import { profileFont } from './ProfileStyleFields';
import { ProfileBody, ProfileHeader } from './ProfileView';
import { PublicProfile } from './PublicProfile';
import { RelationshipRequests } from './RelationshipRequests';
import {
  cardMessageAction,
  fullName,
  isSelf,
  mayAddFriend,
  maySafety,
  showsAdminTools,
  showsVipStar,
} from './rules';
import { useSafety } from './useSafety';
import '../webpush/texts';
import './texts';

function UploadButton({ kind, owner }: { kind: ProfileImageKind; owner: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void uploadProfileImage(file, kind, owner, queryClient);
  };
  return (
    <label className={`${buttonClass('secondary')} ${styles.upload}`}>
      <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" onChange={onChange} />
      {kind === 'photo' ? t('profile.changePhoto') : t('profile.changeBackground')}
    </label>
  );
}

function OwnActions({ user }: { user: User }) {
  const { t } = useI18n();
  return (
    <>
      <Button onClick={() => openDialog(editProfileDialog, { user })}>{t('profile.edit')}</Button>
      <UploadButton kind="photo" owner={user.uid} />
      <UploadButton kind="background" owner={user.uid} />
      <Link to={PATHS.profileVisits} className={buttonClass('ghost')}>
        {t('visits.title')}
      </Link>
      <Link to={PATHS.live(user.uid)} className={buttonClass('ghost')}>
        {t('live.profileLink')}
      </Link>
    </>
  );
}

function OtherActions({ user, viewer }: { user: User; viewer: User }) {
  const { t } = useI18n();
  const safety = useSafety(user);
  // Same rule as the card; staff accounts (profile dialog on the card) get no send-IM here either.
  const message = cardMessageAction(viewer, user, false) === 'form';
  return (
    <>
      {message && <Button onClick={() => openDialog(composeDialog, { user })}>{t('profile.message')}</Button>}
      {mayAddFriend(viewer, user) && <AddFriendSlot user={user} />}
      {!user.isBlocked && <GiftSlot user={user} />}
      {message && !user.isBlocked && (
        <SendSpinButton partner={user} className={buttonClass('ghost')} testId="profile-send-spin" />
      )}
      {maySafety(viewer, user) && (
        <>
          <Button variant="secondary" onClick={safety.toggleBlock} disabled={safety.pending}>
            {user.isBlocked ? t('profile.unblock') : t('profile.block')}
          </Button>
          <Button variant="secondary" onClick={safety.report}>
            {t('profile.report')}
          </Button>
        </>
      )}
      {showsAdminTools(viewer, user) && (
        <>
          <AdminFlags user={user} />
          <Button variant="ghost" className={styles.danger} onClick={safety.ban} disabled={safety.pending}>
            {t('profile.ban')}
          </Button>
        </>
      )}
    </>
  );
}

/** Admins' marks on a profile (docs/member-fields.md): flagged, featured artist, fan profile. */
function AdminFlags({ user }: { user: User }) {
  const { t } = useI18n();
  const flags = useSetMemberFlags();
  const toggle = (change: { flagged?: boolean; featuredArtist?: boolean; fanProfile?: boolean }) =>
    flags.mutate({ userId: user.uid, ...change });
  return (
    <>
      <Button variant="ghost" disabled={flags.isPending} onClick={() => toggle({ flagged: !user.isFlagged })}>
        {user.isFlagged ? t('profile.admin.unflag') : t('profile.admin.flag')}
      </Button>
      <Button
        variant="ghost"
        disabled={flags.isPending}
        onClick={() => toggle({ featuredArtist: !user.isFeaturedArtist })}
      >
        {user.isFeaturedArtist ? t('profile.admin.unfeature') : t('profile.admin.feature')}
      </Button>
      <Button
        variant="ghost"
        disabled={flags.isPending}
        onClick={() => toggle({ fanProfile: !user.isFanProfile })}
      >
        {user.isFanProfile ? t('profile.admin.notFanProfile') : t('profile.admin.fanProfile')}
      </Button>
    </>
  );
}

/** Records one visit per profile shown (StrictMode runs effects twice; the ref keeps it to one). */
function useRecordVisit(uid: number, viewer: User | null, ready: boolean) {
  const recorded = useRef<number>(0);
  useEffect(() => {
    if (!ready || !viewer || viewer.uid === uid || recorded.current === uid) return;
    recorded.current = uid;
    visitProfile(uid).catch(() => undefined);
  }, [uid, viewer, ready]);
}

function Profile({ uid, viewer }: { uid: number; viewer: User }) {
  const { t } = useI18n();
  const query = useUser(uid);
  const user = query.data;
  useRecordVisit(uid, viewer, query.isSuccess);
  usePageTitle(user ? fullName(user) : t('profile.loading'));

  if (query.isPending) {
    return (
      <div className={pageStyles.page}>
        <p role="status">{t('profile.loading')}</p>
      </div>
    );
  }
  if (!user) {
    const gone = isApiError(query.error, 'ApiNotFoundException');
    return (
      <div className={pageStyles.page}>
        <div className={pageStyles.card}>
          <h1>{t('profile.unavailable')}</h1>
          <p role="alert">{gone ? t('profile.notFound') : errorText(query.error)}</p>
          <Link to={PATHS.home}>{t('notFound.home')}</Link>
        </div>
      </div>
    );
  }

  const own = isSelf(viewer, user);
  const background = sizedImage(user.bgImage, BACKGROUND);
  // The member's chosen font and background tiling are how their profile is drawn.
  const font = profileFont(user);
  return (
    <article
      className={styles.profile}
      data-vip={showsVipStar(user) || undefined}
      aria-labelledby="profile-name"
    >
      <div
        className={styles.cover}
        data-image={background ? true : undefined}
        data-repeat={user.bgStyle === 'repeat' || undefined}
        style={background ? { backgroundImage: `url("${background}")` } : undefined}
      />
      <div className={styles.sheet} style={font ? { fontFamily: font } : undefined} data-font={font}>
        <ProfileHeader user={user} headingId="profile-name" own={own} />
        <div className={styles.actions}>
          {own ? <OwnActions user={user} /> : <OtherActions user={user} viewer={viewer} />}
          <ShareButton
            variant="ghost"
            path={PATHS.profile(user.uid)}
            title={t('share.profileTitle', { name: user.name ?? '' })}
          />
        </div>
        {user.isBlocked && (
          <p className={styles.notice} role="status">
            {t('profile.blockedNotice')}
          </p>
        )}
        {own && <RelationshipRequests />}
        <ProfileBody user={user} idPrefix="profile" own={own} />
      </div>
    </article>
  );
}

/** `/html/profile-view.jsp?user={uid}`; without a user, the member's own profile. */
function ProfilePage() {
  const [params] = useSearchParams();
  const { user: viewer } = useSession();
  const uid = Number(params.get('user'));
  if (!viewer) return null;
  if (!Number.isInteger(uid) || uid <= 0) return <Navigate to={PATHS.profile(viewer.uid)} replace />;
  return <Profile key={uid} uid={uid} viewer={viewer} />;
}

export function Component() {
  const [params] = useSearchParams();
  const { user, isPending } = useSession();
  // A visitor sees a public profile's card (server-rendered with the page); else they log in first.
  const publicProfile = usePublicProfile(Number(params.get('user')));
  if (!user && !isPending && publicProfile) return <PublicProfile profile={publicProfile} />;
  return (
    <RequireLogin>
      <ProfilePage />
    </RequireLogin>
  );
}
