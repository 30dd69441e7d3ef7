import type { PushEvent, PushType } from '@tertulia/contract';

export type EventOf<T extends PushType> = Extract<PushEvent, { type: T }>;
export type PushHandler<T extends PushType> = (event: EventOf<T>) => void;

/**
 * The one place push events turn into cache updates and toasts. The shell registers the
 * general handlers; each feature registers its own (messages, typing...) with `on`.
 */
type AnyHandler = (event: PushEvent) => void;

export class PushDispatcher {
  private handlers = new Map<PushType, Set<AnyHandler>>();

  on<T extends PushType>(type: T, handler: PushHandler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    // Stored by type, so each handler only ever receives events of its own type.
    const stored = handler as unknown as AnyHandler;
    set.add(stored);
    return () => set.delete(stored);
  }

  dispatch(event: PushEvent): void {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (error) {
        // One broken handler must not starve the others of the event.
        console.error('push handler failed', event.type, error);
      }
    }
  }
}

export const pushDispatcher = new PushDispatcher();
