import { lazyPart } from '../../ui/lazyPart';
import { registerAddFriendButton } from '../../ui/member/profileSlots';
import { registerHeaderSlot } from '../../ui/slots/header';
import { FriendsHeader } from './FriendsHeader';

// Friends online and pending requests show in the header on every page.
registerHeaderSlot('friends', FriendsHeader);
// The profile page and the hover card show "add friend" where people's rules allow it.
registerAddFriendButton(
  lazyPart('src/features/buddies/AddFriendButton.tsx', () =>
    import('./AddFriendButton').then((m) => ({ default: m.AddFriendButton })),
  ),
);
