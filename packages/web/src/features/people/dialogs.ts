import type { User } from '@tertulia/contract';
import { declareDialog, openDialog } from '../../ui/dialog/dialogStore';
import type { PledgeOutcome } from './messaging';

/** The people dialogs: each its own chunk (bound in app/dialogs/registry.ts), fetched the first time it opens. */

export interface PledgeProps {
  onDone: (outcome: PledgeOutcome) => void;
}
export const pledgeDialog = declareDialog<PledgeProps>();

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
export const profileDialog = declareDialog<ProfileDialogProps>();

export interface ReportProps {
  user: Pick<User, 'uid' | 'name'>;
}
export const reportDialog = declareDialog<ReportProps>();

export interface ComposeProps {
  user: User;
}
/** The profile page's "send message": the same form as the card, in a window. */
export const composeDialog = declareDialog<ComposeProps>();

export interface EditProfileProps {
  user: User;
}
export const editProfileDialog = declareDialog<EditProfileProps>();

export interface PhotoProps {
  name: string;
  src: string;
}
/** A member's photo at full size. */
export const photoDialog = declareDialog<PhotoProps>();
