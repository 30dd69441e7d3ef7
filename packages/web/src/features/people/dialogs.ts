import type { User } from '@tertulia/contract';
import { defineDialog, openDialog } from '../../ui/dialog/dialogStore';
import type { PledgeOutcome } from './messaging';

/** The people dialogs: each its own chunk, fetched the first time it opens. */

export interface PledgeProps {
  onDone: (outcome: PledgeOutcome) => void;
}
export const pledgeDialog = defineDialog<PledgeProps>(() => import('./PledgeDialog'));

/** Opens the pledge dialog and waits for the member's answer. */
export function askPledge(): Promise<PledgeOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    openDialog(pledgeDialog, {
      onDone: (outcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      },
    });
  });
}

export interface ProfileDialogProps {
  user: User;
}
/** Staff accounts (ids below 2000) open this instead of the send-IM form. */
export const profileDialog = defineDialog<ProfileDialogProps>(() => import('./ProfileDialog'));

export interface ReportProps {
  user: Pick<User, 'uid' | 'name'>;
}
export const reportDialog = defineDialog<ReportProps>(() => import('./ReportDialog'));

export interface ComposeProps {
  user: User;
}
/** The profile page's "send message": the same form as the card, in a window. */
export const composeDialog = defineDialog<ComposeProps>(() => import('./ComposeDialog'));

export interface EditProfileProps {
  user: User;
}
export const editProfileDialog = defineDialog<EditProfileProps>(() => import('./EditProfileDialog'));

export interface PhotoProps {
  name: string;
  src: string;
}
/** A member's photo at full size. */
export const photoDialog = defineDialog<PhotoProps>(() => import('./PhotoDialog'));
