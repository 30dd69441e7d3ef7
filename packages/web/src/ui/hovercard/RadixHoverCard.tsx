import * as HoverCard from '@radix-ui/react-hover-card';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import styles from './HoverCard.module.css';
import { HOVER_CLOSE_MS, HOVER_OPEN_MS, type HoverCardProps, type Wanted } from './hoverCard';

/**
 * The hover card itself, loaded by HoverCardFrame when a trigger is first hovered or focused. It
 * replaces the plain trigger that was hovered, so it takes over that first hover (open 500 ms
 * after it began, if the pointer is still there) or focus (given back to the new trigger).
 */
export default function RadixHoverCard({
  trigger,
  children,
  label,
  onOpenChange,
  wanted,
}: HoverCardProps & { wanted: Wanted }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const first = useRef({ wanted, change });
  useEffect(() => {
    const { wanted, change } = first.current;
    const element = triggerRef.current;
    if (!element) return;
    if (wanted.by === 'focus') {
      element.focus();
      return;
    }
    const left = Math.max(0, HOVER_OPEN_MS - (performance.now() - wanted.at));
    const timer = window.setTimeout(() => {
      if (element.matches(':hover')) change(true);
    }, left);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <HoverCard.Root open={open} onOpenChange={change} openDelay={HOVER_OPEN_MS} closeDelay={HOVER_CLOSE_MS}>
      <HoverCard.Trigger asChild ref={triggerRef}>
        {trigger}
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          className={styles.card}
          sideOffset={8}
          collisionPadding={10}
          aria-label={label ?? t('hovercard.label')}
          role="region"
        >
          {children}
          <HoverCard.Arrow className={styles.arrow} />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
