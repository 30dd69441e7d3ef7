import type { MessageKey } from '../../i18n/i18n';
import { popups } from '../../ui/popup/popupStore';

/** The tip id that records the welcome steps as done (user/dismissTip.do). */
export const WELCOME_TIP = 'welcome';

/** A first-visit tip: pointed at a piece of the page, dismissed for good through user/dismissTip.do. */
export interface Tip {
  id: string;
  text: MessageKey;
  /** The element the popup snaps to. */
  target: string;
}

/** After the welcome steps, one at a time, in this order. */
export const FIRST_VISIT_TIPS: readonly Tip[] = [
  { id: 'im-header', text: 'tip.imHeader', target: '[data-testid="im-button"]' },
  { id: 'friends-header', text: 'tip.friends', target: '[data-testid="friends-online"]' },
];

/** A "new feature" note: shown to members who joined before it came out, once per device. */
export interface WhatsNew {
  id: string;
  text: MessageKey;
  /** A new version of a note shows again (the popup counter restarts). */
  version: string;
  /** Release time (epoch ms): members who joined after it have always had the feature. */
  since: number;
}

export const WHATS_NEW: readonly WhatsNew[] = [
  { id: 'groups', text: 'whatsNew.groups', version: '1', since: Date.UTC(2026, 10, 26) },
  { id: 'profile-style', text: 'whatsNew.profileStyle', version: '1', since: Date.UTC(2026, 10, 26) },
];

/** The first-visit tips still to show: none before the welcome steps are done. */
export function pendingTips(dismissed: readonly string[] | undefined): Tip[] {
  const done = new Set(dismissed ?? []);
  if (!done.has(WELCOME_TIP)) return [];
  return FIRST_VISIT_TIPS.filter((tip) => !done.has(tip.id));
}

/** The notes that concern a member who joined at `joined` (unknown: none). */
export function notesFor(joined: number | undefined, notes: readonly WhatsNew[] = WHATS_NEW): WhatsNew[] {
  return joined === undefined ? [] : notes.filter((note) => joined < note.since);
}

/** A note's popup id: its show counter is kept by the popup store, per device. */
export const notePopupId = (note: WhatsNew) => `new.${note.id}`;

/** Whether a note is still to show on this device (its popup counter is below one). */
export function noteUnseen(note: WhatsNew): boolean {
  return popups.count({ id: notePopupId(note), version: note.version }) < 1;
}
