/**
 * Unread counts shown on the phone bottom bar. The feature that owns a count registers a hook
 * reading it (from its setup module, at import time), so the bar itself stays a few lines.
 */
export type NavCountName = 'messages' | 'notifications';
type CountHook = () => number;
const counts: Partial<Record<NavCountName, CountHook>> = {};

export function registerNavCount(name: NavCountName, hook: CountHook): void {
  counts[name] = hook;
}

export function navCount(name: NavCountName): CountHook | undefined {
  return counts[name];
}
