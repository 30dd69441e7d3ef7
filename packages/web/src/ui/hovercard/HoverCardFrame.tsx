import {
  cloneElement,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useState,
} from 'react';

import type { HoverCardProps, Wanted } from './hoverCard';

export { HOVER_CLOSE_MS, HOVER_OPEN_MS, type HoverCardProps, type Wanted } from './hoverCard';

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
