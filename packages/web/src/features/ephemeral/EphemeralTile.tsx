import { useQueryClient } from '@tanstack/react-query';
import { type EphemeralItem, type EphemeralTag, parseEphemeralTag } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { ephemeralKey, useEphemeral } from '../../api/areas/ephemeral';
import { useSession } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { ephemeralViewerDialog } from './dialogs';
import styles from './Ephemeral.module.css';
import { THUMB_MAX_TRIES, THUMB_RETRY_MS, thumbAttempt, tileState } from './rules';
import './texts';

/** The blurred thumbnail; a failed load is asked for again after 1 s (spec 4 and 8). */
function Thumb({ url }: { url: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed || attempt >= THUMB_MAX_TRIES) return;
    const timer = setTimeout(() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }, THUMB_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  if (failed) return null;
  return (
    <img
      src={thumbAttempt(url, attempt)}
      alt=""
      draggable={false}
      onError={() => setFailed(true)}
      data-testid="ephemeral-thumb"
    />
  );
}

/**
 * A view-once item in a conversation or room (spec 4): placeholder, active (the viewer's own
 * time left) or viewed. The author sees who viewed it instead. Pushes keep it current: the video
 * turning ready for everyone, a recipient's look for the author.
 */
export function EphemeralTile({ value }: { value: string }) {
  const tag = parseEphemeralTag(`[ephemeral]${value}[/ephemeral]`);
  return tag ? <Tile tag={tag} /> : null;
}

function Tile({ tag }: { tag: EphemeralTag }) {
  const me = useSession().user?.uid;
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const ref = { postId: tag.postId, authorId: tag.authorId };
  const query = useEphemeral(ref);
  const item: EphemeralItem | undefined = query.data;
  const own = tag.authorId === me;

  const { postId, authorId } = tag;
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: ephemeralKey({ postId, authorId }) });
    const offReady = pushDispatcher.on('ephemeralReady', (e) => e.postId === postId && refresh());
    const offViewed = pushDispatcher.on('ephemeralViewed', (e) => e.postId === postId && refresh());
    return () => {
      offReady();
      offViewed();
    };
  }, [queryClient, postId, authorId]);

  const state = tileState(item);
  const title = t(tag.kind === 'video' ? 'ephemeral.tile.video' : 'ephemeral.tile.photo');
  let status: string;
  if (query.isError) status = t('ephemeral.tile.gone');
  else if (!item || item.state === 'processing') status = t('ephemeral.tile.processing');
  else if (item.state === 'failed') status = t('ephemeral.tile.failed');
  else if (own) {
    const count = item.viewers?.length ?? 0;
    status = count ? t('ephemeral.tile.seenBy', { count }) : t('ephemeral.tile.notSeen');
  } else if (state === 'viewed') status = t('ephemeral.tile.viewed');
  else status = t('ephemeral.tile.open', { seconds: Math.ceil(item.remaining) });

  const openable = !!item && !query.isError && state !== 'placeholder' && (own || state === 'active');
  return (
    <button
      type="button"
      className={styles.tile}
      data-state={query.isError ? 'viewed' : state}
      data-testid="ephemeral-tile"
      disabled={!openable}
      aria-label={`${title}: ${status}`}
      onContextMenu={(e) => e.preventDefault()}
      onClick={() => openable && openDialog(ephemeralViewerDialog, { item: ref })}
    >
      {item?.image1 && state !== 'placeholder' && <Thumb url={item.image1} />}
      <span className={styles.label}>
        <strong>{title}</strong>
        <span data-testid="ephemeral-status">{status}</span>
      </span>
    </button>
  );
}
