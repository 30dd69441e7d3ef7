import * as HoverCard from '@radix-ui/react-hover-card';
import type { ReactElement, ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import styles from './HoverCard.module.css';

/** Spec section 9: the profile hover card opens after 500 ms and hides after 200 ms. */
export const HOVER_OPEN_MS = 500;
export const HOVER_CLOSE_MS = 200;

interface Props {
  /** The element hovered: usually a member's name or picture link. */
  trigger: ReactElement;
  /** The card's content (the people feature fills it with the profile card). */
  children: ReactNode;
  label?: string;
  onOpenChange?: (open: boolean) => void;
}

export function HoverCardFrame({ trigger, children, label, onOpenChange }: Props) {
  const { t } = useI18n();
  return (
    <HoverCard.Root openDelay={HOVER_OPEN_MS} closeDelay={HOVER_CLOSE_MS} onOpenChange={onOpenChange}>
      <HoverCard.Trigger asChild>{trigger}</HoverCard.Trigger>
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
