import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './OverflowMenu.module.css';

/** The actions a menu may move focus between. */
const ITEMS = 'a[href], button:not([disabled])';

/**
 * A round "more" button (⋮) and the panel of actions it discloses, for a bar too narrow for its
 * buttons (a phone's conversation header). A disclosure of ordinary buttons and links, as the
 * account menu: Tab works, arrows move between items, Escape or a press outside closes it and
 * choosing an item closes it too. `label` is the button's name and tooltip; the children take
 * `overflowItem` as their class to show as rows.
 */
export function OverflowMenu({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    items()[0]?.focus();
    const close = (refocus: boolean) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    };
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    // An item chosen: its own handler runs first (this listens on the document), then the menu closes.
    const chosen = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (target?.closest(ITEMS) && panel.current?.contains(target)) close(true);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', chosen);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', chosen);
    };
  }, [open]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const items = Array.from(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    if (!items.length) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    let next: number | undefined;
    if (event.key in steps) next = (at + steps[event.key] + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    items[next].focus();
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M12 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm0 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm0 6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z"
          />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the buttons and links inside */}
      <div id={panelId} ref={panel} className={styles.panel} hidden={!open} onKeyDown={moveFocus}>
        {children}
      </div>
    </div>
  );
}

export const overflowItem = styles.item;
