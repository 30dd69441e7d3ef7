import { type PointerEvent, useRef } from 'react';
import { HOLD_MS, SWIPE_CLOSE_PX, tapDirection } from './rules';

interface Actions {
  next(): void;
  previous(): void;
  close(): void;
  setPaused(paused: boolean): void;
}

/**
 * The viewer's touch surface: a tap on the left third goes back, elsewhere forward; a press held
 * longer than HOLD_MS pauses until released; a downward swipe closes (phones).
 */
export function useStoryPress({ next, previous, close, setPaused }: Actions) {
  const press = useRef<
    { x: number; y: number; held: boolean; timer?: ReturnType<typeof setTimeout> } | undefined
  >(undefined);

  const onPointerDown = (event: PointerEvent) => {
    const timer = setTimeout(() => {
      if (press.current) press.current.held = true;
      setPaused(true);
    }, HOLD_MS);
    press.current = { x: event.clientX, y: event.clientY, held: false, timer };
  };
  const onPointerUp = (event: PointerEvent) => {
    const p = press.current;
    press.current = undefined;
    if (!p) return;
    clearTimeout(p.timer);
    if (event.clientY - p.y > SWIPE_CLOSE_PX) return close();
    if (p.held) return setPaused(false);
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    if (tapDirection(event.clientX - box.left, box.width) < 0) previous();
    else next();
  };
  const onPointerCancel = () => {
    clearTimeout(press.current?.timer);
    press.current = undefined;
    setPaused(false);
  };
  return { onPointerDown, onPointerUp, onPointerCancel };
}
