import { PushPrompt } from '@tertulia/contract';

const VISITS_KEY = 'tertulia.visits';

/** Counts app loads in this browser (the dialog is never offered on a first visit). */
export function countVisit(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): number {
  const visits = (Number(storage.getItem(VISITS_KEY)) || 0) + 1;
  try {
    storage.setItem(VISITS_KEY, String(visits));
  } catch {
    // Private mode without storage: every load looks like a first visit, so nothing is offered.
  }
  return visits;
}

export interface OfferState {
  supported: boolean;
  permission: NotificationPermission;
  /** The member's stored answer (PushPrompt). */
  prompt: number;
  visits: number;
  offeredThisLoad: boolean;
}

/**
 * The permission dialog is offered at a moment that explains itself (right after a first message
 * or friend request), never on a first visit, once per load at most, and never again after the
 * member or the browser said no.
 */
export function mayOffer(s: OfferState): boolean {
  return (
    s.supported &&
    s.permission === 'default' &&
    s.prompt === PushPrompt.NEVER_ASKED &&
    s.visits >= 2 &&
    !s.offeredThisLoad
  );
}

/** Already allowed on an earlier visit (or another device): this browser subscribes quietly. */
export function subscribesQuietly(s: Pick<OfferState, 'supported' | 'permission' | 'prompt'>): boolean {
  return s.supported && s.permission === 'granted' && s.prompt !== PushPrompt.REFUSED;
}
