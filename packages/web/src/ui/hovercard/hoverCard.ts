import type { ReactElement, ReactNode } from 'react';

/** What the hover card's light frame and its lazily loaded Radix part share. */

/** The profile hover card opens after 500 ms and hides after 200 ms. */
export const HOVER_OPEN_MS = 500;
export const HOVER_CLOSE_MS = 200;

export interface HoverCardProps {
  /** The element hovered: usually a member's name or picture link. */
  trigger: ReactElement;
  /** The card's content (the people feature fills it with the profile card). */
  children: ReactNode;
  label?: string;
  onOpenChange?: (open: boolean) => void;
}

/** How the card was first wanted: a mouse over the trigger, or keyboard focus on it, and when. */
export interface Wanted {
  by: 'pointer' | 'focus';
  at: number;
}
