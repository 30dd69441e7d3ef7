import type { User } from '@tertulia/contract';
import { isApiError } from '../../api/errors';
import { PATHS } from '../../ui/paths';

export const CONFIRMATION_REQUIRED = 'BuddyRequestConfirmationRequiredException';
/** Where requests sent from the button come from (sendUserBuddyRequest's `source`). */
export const SOURCE_PROFILE = 'profile';
export const SOURCE_CONFIRM = 'confirm';

type Viewer = Pick<User, 'uid'> | null;

/** The add-friend button shows for other members who are not friends yet, to members only. */
export function showsAddFriend(viewer: Viewer, target: Pick<User, 'uid' | 'isFriend'>): boolean {
  return !!viewer && viewer.uid !== target.uid && !target.isFriend;
}

/**
 * A receiver who asks for confirmation sends the sender to the add-friend page
 * with the server's message; any other failure is an error toast.
 */
export function requestFailure(error: unknown, uid: number): { redirect: string } | { toast: true } {
  if (isApiError(error, CONFIRMATION_REQUIRED)) return { redirect: PATHS.buddyAdd(uid, error.message) };
  return { toast: true };
}
