import { FeedFilter, FeedLimits, type User, type UserStatus } from '@tertulia/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useFeed, useGuestbook, usePostGuestbook } from '../../api/areas/feed';
import { useSession } from '../../api/areas/user';
import { isApiError } from '../../api/errors';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import { LazyImage } from '../../ui/image/LazyImage';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { TimeAgo } from '../../ui/time/clock';
import { toast } from '../../ui/toast/toastStore';
import { AttachField } from '../photos/AttachField';
import type { AttachedPhoto } from '../photos/dialogs';
import { photoSrc, photoSrcSet, STRIP } from '../photos/images';
import { statusDialog } from './dialogs';
import { FeedItem } from './FeedItem';
import styles from './ProfileFeed.module.css';
import '../photos/texts';

/** The status a User carries (statusObject is untyped in the contract: only its text counts). */
function statusOf(user: User): UserStatus | null {
  const status = user.statusObject as UserStatus | undefined;
  return status && typeof status === 'object' && (status.status || status.image1) ? status : null;
}

function StatusSection({ user, own, id }: { user: User; own: boolean; id: string }) {
  const { t } = useI18n();
  const status = statusOf(user);
  if (!status && !own) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.title}>
          {t('feed.status')}
        </h2>
        {own && (
          <Button variant="ghost" onClick={() => openDialog(statusDialog, {})}>
            {t('feed.statusTitle')}
          </Button>
        )}
      </div>
      {status ? (
        <figure className={styles.status} data-testid="profile-status">
          <RichText as="p" text={status.status ?? ''} />
          {status.timestamp ? (
            <figcaption className={styles.muted}>
              <time dateTime={new Date(status.timestamp).toISOString()}>
                <TimeAgo at={status.timestamp} />
              </time>
            </figcaption>
          ) : null}
        </figure>
      ) : (
        <p className={styles.muted}>{t('feed.profile.noStatus')}</p>
      )}
    </section>
  );
}

function Activity({ user, me, id }: { user: User; me: User; id: string }) {
  const { t } = useI18n();
  const feed = useFeed(FeedFilter.PERSON, user.uid);
  const events = feed.data?.pages.flat() ?? [];
  // A private profile answers 403 to strangers: the section just stays away.
  if (feed.isError && events.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('feed.profile.activity')}
      </h2>
      {feed.isPending ? (
        <p className={styles.muted}>{t('app.loading')}</p>
      ) : events.length === 0 ? (
        <p className={styles.muted}>{t('feed.profile.noActivity')}</p>
      ) : (
        <ul className={styles.events}>
          {events.map((event) => (
            <li key={event.id}>
              <FeedItem event={event} me={me} />
            </li>
          ))}
        </ul>
      )}
      {feed.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
        >
          {t('feed.profile.more')}
        </Button>
      )}
    </section>
  );
}

function Guestbook({ user, own, id }: { user: User; own: boolean; id: string }) {
  const { t } = useI18n();
  const book = useGuestbook(user.uid);
  const post = usePostGuestbook(user.uid);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<AttachedPhoto | undefined>();
  const inputId = useId();
  const errorId = useId();
  const entries = book.data?.pages.flat() ?? [];
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Guestbook notifications link to #guestbook: go there once the entries are in.
  useEffect(() => {
    if (hash === '#guestbook' && book.isSuccess) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, book.isSuccess]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || post.isPending) return;
    post.mutate(
      { message, photoId: photo?.postId },
      {
        onSuccess: () => {
          setText('');
          setPhoto(undefined);
          toast.success(t('feed.published'));
        },
      },
    );
  };
  // Refused (a private profile, a block): the server's reason, in the member's language.
  if (book.isError && entries.length === 0) {
    if (!isApiError(book.error, 'ApiForbiddenException')) return null;
    return (
      <section className={styles.section} aria-labelledby={id}>
        <h2 id={id} className={styles.title}>
          {t('feed.profile.guestbook')}
        </h2>
        <p className={styles.muted}>{errorText(book.error)}</p>
      </section>
    );
  }
  return (
    <section ref={section} id="guestbook" className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('feed.profile.guestbook')}
      </h2>
      {!own && (
        <form className={styles.form} onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('feed.profile.guestbookLabel', { name: user.name ?? '' })}
          </label>
          <textarea
            id={inputId}
            className={fieldStyles.textarea}
            rows={2}
            value={text}
            maxLength={FeedLimits.GUESTBOOK_MAX}
            placeholder={t('feed.profile.guestbookLabel', { name: user.name ?? '' })}
            aria-invalid={post.isError || undefined}
            aria-describedby={post.isError ? errorId : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {post.isError && (
            <p id={errorId} role="alert" className={fieldStyles.error}>
              {errorText(post.error)}
            </p>
          )}
          <AttachField value={photo} onChange={setPhoto} disabled={post.isPending} />
          <Button type="submit" disabled={!text.trim() || post.isPending} className={styles.submit}>
            {t('feed.publish')}
          </Button>
        </form>
      )}
      {book.isPending ? (
        <p className={styles.muted}>{t('app.loading')}</p>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>{t('feed.profile.guestbookEmpty')}</p>
      ) : (
        <ul className={styles.entries}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.entry} data-testid="guestbook-entry">
              {entry.author && <Avatar user={entry.author} size={36} showPresence={false} />}
              <div className={styles.entryBody}>
                <p className={styles.entryHead}>
                  {entry.author && <UserLink user={entry.author} />}
                  {entry.creationTime ? (
                    <time className={styles.muted} dateTime={new Date(entry.creationTime).toISOString()}>
                      <TimeAgo at={entry.creationTime} />
                    </time>
                  ) : null}
                </p>
                <RichText as="p" text={entry.message ?? ''} />
                {entry.image1 && (
                  <LazyImage
                    src={photoSrc(entry.image1, STRIP) ?? ''}
                    srcSet={photoSrcSet(entry.image1, STRIP)}
                    alt={t('photos.attached')}
                    width={150}
                    height={150}
                    className={styles.entryImage}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {book.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void book.fetchNextPage()}
          disabled={book.isFetchingNextPage}
        >
          {t('feed.profile.more')}
        </Button>
      )}
    </section>
  );
}

/** The profile's feed part: latest status, the member's events (filter 4) and the guestbook. */
export default function ProfileFeed({ user, own }: { user: User; own: boolean }) {
  const { user: me } = useSession();
  const id = useId();
  if (!me) return null;
  return (
    <>
      <StatusSection user={user} own={own} id={`${id}-status`} />
      <Activity user={user} me={me} id={`${id}-activity`} />
      <Guestbook user={user} own={own} id={`${id}-guestbook`} />
    </>
  );
}
