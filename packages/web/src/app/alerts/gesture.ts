/**
 * Browsers let a page play sound only after the person interacted with it (autoplay rules):
 * `navigator.userActivation` says whether that happened. Where a browser lacks it, the chime is
 * tried anyway and a refusal is quiet (chime.ts). Kept out of the first visit's scripts.
 */
export function gestureHappened(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)
    ?.userActivation;
  return activation === undefined || activation.hasBeenActive;
}
