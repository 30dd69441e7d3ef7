import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import styles from './LikeButton.module.css';
import { countVisible, LIKE_POP_MS, type LikeState, toggleLike } from './likeState';

interface Props {
  liked: boolean;
  count: number;
  /** The member's own reaction (an emoji), drawn instead of the heart while the item is liked. */
  reaction?: string;
  /** Sends like.do or unlike.do; a rejection reverts the button. */
  onToggle: (liked: boolean) => Promise<unknown>;
}

/** Optimistic like button: changes at once, reverts on a server error. */
export function LikeButton({ liked, count, reaction, onToggle }: Props) {
  const { t } = useI18n();
  const [state, setState] = useState<LikeState>({ liked, count });
  const [pending, setPending] = useState(false);
  const [popping, setPopping] = useState(false);
  const popTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Fresh server data wins, except while our own request is in flight.
  const [fromServer, setFromServer] = useState<LikeState>({ liked, count });
  if (fromServer.liked !== liked || fromServer.count !== count) {
    setFromServer({ liked, count });
    if (!pending) setState({ liked, count });
  }

  useEffect(() => () => clearTimeout(popTimer.current), []);

  const click = async () => {
    if (pending) return;
    const previous = state;
    const next = toggleLike(previous);
    setState(next);
    setPending(true);
    if (next.liked) {
      setPopping(true);
      clearTimeout(popTimer.current);
      popTimer.current = setTimeout(() => setPopping(false), LIKE_POP_MS);
    }
    try {
      await onToggle(next.liked);
    } catch {
      setState(previous);
      setPopping(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.like}
      data-active={state.liked || undefined}
      data-pop={popping || undefined}
      aria-busy={pending || undefined}
      onClick={click}
    >
      {state.liked && reaction ? (
        <span className={styles.reaction} aria-hidden="true" data-testid="like-reaction">
          {reaction}
        </span>
      ) : (
        <span className={styles.heart} aria-hidden="true" />
      )}
      <span className={styles.label}>{state.liked ? t('like.unlike') : t('like.like')}</span>
      <span className={styles.count} hidden={!countVisible(state)} data-testid="like-count">
        {state.count}
      </span>
    </button>
  );
}
