import type { User, UserGameEntry } from '@tertulia/contract';
import { type ComponentType, Suspense } from 'react';

/**
 * EXTENSION POINT for the buddies issue: the add-friend button. People decides where it may show
 * (`mayAddFriend`: non-friends, not oneself, and only once `api.buddy` exists in the contract);
 * the buddies feature registers the button that sends the request. Registered as a lazy part
 * (ui/lazyPart.ts): the buttons show on profiles and cards, not on every page's first screen
 * (first-load.e2e.test.ts).
 */
export type AddFriendButton = ComponentType<{ user: User }>;
let addFriend: AddFriendButton | undefined;

export function registerAddFriendButton(part: AddFriendButton | undefined): void {
  addFriend = part;
}

export function AddFriendSlot({ user }: { user: User }) {
  const Button = addFriend;
  return Button ? (
    <Suspense fallback={null}>
      <Button user={user} />
    </Suspense>
  ) : null;
}

/** The gifts feature's button on profiles (send a gift, send love); none until it registers. */
export type GiftButton = ComponentType<{ user: User }>;
let giftButton: GiftButton | undefined;

export function registerGiftButton(part: GiftButton | undefined): void {
  giftButton = part;
}

export function GiftSlot({ user }: { user: User }) {
  const Button = giftButton;
  return Button ? (
    <Suspense fallback={null}>
      <Button user={user} />
    </Suspense>
  ) : null;
}

/** The games feature's section on profiles (User.game): a lazy part, so only members who play load it. */
export type ProfileGamesSection = ComponentType<{ players: UserGameEntry[]; userId?: number }>;
let profileGames: ProfileGamesSection | undefined;

export function registerProfileGames(part: ProfileGamesSection): void {
  profileGames = part;
}

export function ProfileGamesSlot({ players, userId }: { players: UserGameEntry[]; userId?: number }) {
  const Section = profileGames;
  if (!Section || !players.length) return null;
  return (
    <Suspense fallback={null}>
      <Section players={players} userId={userId} />
    </Suspense>
  );
}
