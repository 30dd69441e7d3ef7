import { useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useWindowResize } from '../resize/onResize';
import { useStore } from '../store';
import styles from './Popup.module.css';
import { popups as defaultStore, type PopupEntry, type PopupStore, snapPosition } from './popupStore';

export function PopupHost({ store = defaultStore }: { store?: PopupStore }) {
  const entries = useStore(store);
  return (
    <>
      {entries.map((entry) => (
        <Popup key={entry.options.id} entry={entry} store={store} />
      ))}
    </>
  );
}

function Popup({ entry, store }: { entry: PopupEntry; store: PopupStore }) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const { options, phase } = entry;

  // Measure once rendered (pending) and place it when the snap delay has passed; again when the
  // window has been resized (the target may have moved).
  const [resized, setResized] = useState(0);
  useWindowResize(() => setResized((n) => n + 1));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a resize means measuring again
  useLayoutEffect(() => {
    if (phase === 'pending' || !ref.current) return;
    const box = ref.current.getBoundingClientRect();
    const target = options.target?.getBoundingClientRect() ?? null;
    setPosition(snapPosition(target, box, { width: window.innerWidth, height: window.innerHeight }));
  }, [phase, options.target, resized]);

  return (
    <aside
      ref={ref}
      aria-label={options.label ?? t('popup.label')}
      className={styles.popup}
      data-phase={phase}
      data-popup-id={options.id}
      style={position ?? undefined}
    >
      <button type="button" className={styles.body} onClick={() => store.click(options.id)}>
        {options.content}
      </button>
      <button
        type="button"
        className={styles.close}
        aria-label={t('popup.close')}
        onClick={() => store.close(options.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
