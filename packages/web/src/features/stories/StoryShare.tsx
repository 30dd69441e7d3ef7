import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { siteLink } from '../../ui/sheet/ShareButton';
import styles from './StoryViewer.module.css';
import '../webpush/texts';

/**
 * The share sheet of the story on screen (native share where the browser has it, copy link,
 * email), drawn inside the viewer: the site's sheet and its toasts sit under dialogs, and the
 * viewer is one. The story pauses while it is open.
 */
export function StoryShare({
  authorId,
  storyId,
  name,
  onOpen,
}: {
  authorId: number;
  storyId: number;
  name: string;
  onOpen: () => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = siteLink(PATHS.story(authorId, storyId));
  const title = t('stories.shareTitle', { name });
  const done = () => setOpen(false);
  const copy = () =>
    navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <>
      <button
        type="button"
        className={styles.pill}
        aria-expanded={open}
        onClick={() => {
          onOpen();
          setCopied(null);
          setOpen((o) => !o);
        }}
        data-testid="story-share"
      >
        {t('share.button')}
      </button>
      {open && (
        <fieldset className={styles.sharePanel} aria-label={t('share.title')}>
          {typeof navigator.share === 'function' && (
            <button
              type="button"
              className={styles.pill}
              onClick={() =>
                void navigator
                  .share({ url, title })
                  .catch(() => undefined)
                  .then(done)
              }
            >
              {t('share.native')}
            </button>
          )}
          <button type="button" className={styles.pill} onClick={copy}>
            {t('share.copy')}
          </button>
          <a
            className={styles.pill}
            href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
            onClick={done}
          >
            {t('share.email')}
          </a>
          {copied !== null && (
            <span role="status" className={styles.shareStatus}>
              {copied ? t('share.copied') : t('error.default')}
            </span>
          )}
        </fieldset>
      )}
    </>
  );
}
