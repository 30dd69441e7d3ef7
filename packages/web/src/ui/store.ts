import { useSyncExternalStore } from 'react';

/** A minimal external store: framework-free state that React reads with useSyncExternalStore. */
export class Store<S> {
  private listeners = new Set<() => void>();
  constructor(protected state: S) {}

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected setState(next: S): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
