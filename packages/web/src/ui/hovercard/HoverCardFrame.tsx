import {
  cloneElement,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/** Spec section 9: the profile hover card opens after 500 ms and hides after 200 ms. */
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

// The card's library (Radix hover card and its positioning, ~12 KiB compressed) loads on the first
// hover or focus of a trigger: touch screens never hover, and a first visit stays in its budget.
const RadixHoverCard = lazy(() => import('./RadixHoverCard'));

type TriggerEvents = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

export function HoverCardFrame(props: HoverCardProps) {
  const [wanted, setWanted] = useState<Wanted | null>(null);
  if (wanted) {
    return (
      <Suspense fallback={props.trigger}>
        <RadixHoverCard {...props} wanted={wanted} />
      </Suspense>
    );
  }
  const trigger = props.trigger as ReactElement<TriggerEvents>;
  const own = trigger.props;
  return cloneElement(trigger, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') setWanted({ by: 'pointer', at: performance.now() });
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setWanted({ by: 'focus', at: performance.now() });
    },
  });
}
