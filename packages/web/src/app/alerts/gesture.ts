/**
 * Browsers let a page play sound only after the person interacted with it (autoplay rules).
 * `navigator.userActivation` says so where it exists; elsewhere the first pointer or key press
 * seen since the app started counts. Kept tiny: it is part of the first visit's scripts.
 */
let seen = false;

export function watchGestures(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>) {
  if (seen) return () => undefined;
  const mark = () => {
    seen = true;
    stop();
  };
  const stop = () => {
    for (const type of ['pointerdown', 'keydown'] as const) target.removeEventListener(type, mark, true);
  };
  for (const type of ['pointerdown', 'keydown'] as const) target.addEventListener(type, mark, true);
  return stop;
}

export function gestureHappened(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)
    ?.userActivation;
  return seen || activation?.hasBeenActive === true;
}

/** Tests start from a page nobody has touched. */
export function resetGestures() {
  seen = false;
}
