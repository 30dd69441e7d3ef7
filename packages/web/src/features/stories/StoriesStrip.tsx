import type { User } from '@tertulia/contract';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useStories, useStorySettings } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { toast } from '../../ui/toast/toastStore';
import { openStoryViewer, storyTutorialDialog, storyUploadDialog } from './dialogs';
import { stripOf } from './rules';
import styles from './Stories.module.css';

/**
 * The stories strip at the top of the feed: "your story" (add one; the tutorial first until it
 * was completed, before a first upload or a first story played), then one bubble per author with a coloured ring while any story is unwatched.
 * A story still processing does not open. It rides in the home feed's chunk (vite.config.ts): as a
 * chunk of its own it cost the member home's first load a request (first-load.e2e.test.ts). Its
 * height is fixed (--stories-strip-height) so nothing below moves when its list arrives.
 */
export function StoriesStrip({ user }: { user: User }) {
  const { t } = useI18n();
  const stories = useStories();
  const settings = useStorySettings();
  const entries = useMemo(() => stripOf(stories.data ?? [], user.uid), [stories.data, user.uid]);
  const own = entries.find((e) => e.authorId === user.uid);
  const others = entries.filter((e) => e.authorId !== user.uid);
  const playable = entries.filter((e) => !e.processing || e.count > 1).map((e) => e.authorId);

  const add = () => {
    const s = settings.data;
    if (s && !s.videoAvailable) return void toast.error(t('stories.unavailable'));
    if (s && s.waitTime > 0) {
      return void toast.warning(t('stories.wait', { minutes: Math.ceil(s.waitTime / 60_000) }));
    }
    if (s && !s.tutorialCompleted) {
      openDialog(storyTutorialDialog, { onDone: () => openDialog(storyUploadDialog, {}) });
    } else openDialog(storyUploadDialog, {});
  };
  // The tutorial plays first until completed, before watching as before posting.
  const open = (authorId: number) =>
    openStoryViewer({ authorIds: playable, startAuthor: authorId }, settings.data?.tutorialCompleted);

  // ?story=&u=: a notice about a story (a like) opens the viewer at its author's stories.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('u'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the strip's list arrives
  useEffect(() => {
    if (!stories.data || !params.has('story')) return;
    setParams(
      (p) => {
        p.delete('story');
        p.delete('u');
        return p;
      },
      { replace: true },
    );
    if (playable.includes(linked)) open(linked);
  }, [stories.data]);

  return (
    <section className={styles.strip} aria-label={t('stories.title')} data-testid="stories-strip">
      <ul className={styles.bubbles}>
        <li className={styles.bubble}>
          <button
            type="button"
            className={styles.ringButton}
            onClick={own && !own.processing ? () => open(user.uid) : add}
            aria-label={
              own && !own.processing ? t('stories.open', { name: t('stories.yours') }) : t('stories.add')
            }
            data-testid="story-own"
          >
            <span className={styles.ring} data-state={own?.processing ? 'processing' : own ? 'seen' : 'none'}>
              <Avatar user={user} size={56} showPresence={false} lazy={false} />
            </span>
          </button>
          <button
            type="button"
            className={styles.plus}
            onClick={add}
            aria-label={t('stories.add')}
            data-testid="story-add"
          >
            +
          </button>
          <span className={styles.label}>
            {own?.processing ? t('stories.processing') : t('stories.yours')}
          </span>
        </li>
        {others.map((entry) => (
          <li key={entry.authorId} className={styles.bubble}>
            <button
              type="button"
              className={styles.ringButton}
              onClick={() => open(entry.authorId)}
              aria-label={`${t('stories.open', { name: entry.name })}${entry.unseen ? `, ${t('stories.unseen')}` : ''}`}
              data-testid="story-bubble"
              data-unseen={entry.unseen || undefined}
            >
              <span className={styles.ring} data-state={entry.unseen ? 'unseen' : 'seen'}>
                <Avatar
                  user={{ name: entry.name, image1: entry.image1 }}
                  size={56}
                  showPresence={false}
                  lazy={false}
                />
              </span>
            </button>
            <span className={styles.label}>{entry.name}</span>
          </li>
        ))}
        {stories.isSuccess && others.length === 0 && <li className={styles.empty}>{t('stories.empty')}</li>}
      </ul>
    </section>
  );
}
