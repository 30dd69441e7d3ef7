import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useId, useRef } from 'react';
import { badgeText } from './badgeText';
import styles from './HeaderDropdown.module.css';

type Props = {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The button's accessible name (with the unread count when there is one). */
  buttonLabel: string;
  /** The panel's accessible name. */
  panelLabel: string;
  testId: string;
  /** The 22px icon. */
  icon: ReactNode;
  /** Drawn over the icon: a `HeaderBadge`, a dot. */
  indicator?: ReactNode;
  /** The feature's panel class (composing `panel`, adding its width). */
  panelClassName: string;
  children: ReactNode;
};

/**
 * A header slot's icon button and the dropdown it toggles; a press outside or Escape closes it.
 * The feature keeps `open` (it closes the panel itself when an item is chosen).
 */
export function HeaderDropdown({
  open,
  setOpen,
  buttonLabel,
  panelLabel,
  testId,
  icon,
  indicator,
  panelClassName,
  children,
}: Props) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        // A tooltip for the icon-only button (its name is the same text).
        title={buttonLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
        {indicator}
      </button>
      {open && (
        <section id={panelId} className={panelClassName} aria-label={panelLabel}>
          {children}
        </section>
      )}
    </div>
  );
}

/** The unread count on a header button; nothing at zero. */
export function HeaderBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true" data-testid={testId}>
      {badgeText(count)}
    </span>
  );
}

export { styles as headerDropdownStyles };
