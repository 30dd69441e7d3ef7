import type { User, UserGameEntry } from '@tertulia/contract';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';

/**
 * EXTENSION POINT for the buddies issue: the add-friend button. People decides where it may show
 * (`mayAddFriend`: non-friends, not oneself, and only once `api.buddy` exists in the contract);
 * the buddies feature registers the button that sends the request. Registered as a loader: the
 * buttons show on profiles and cards, not on every page's first screen (first-load.e2e.test.ts).
 */
export type AddFriendButton = ComponentType<{ user: User }>;
let addFriend: LazyExoticComponent<AddFriendButton> | undefined;

export function registerAddFriendButton(
  load: (() => Promise<{ default: AddFriendButton }>) | undefined,
): void {
  addFriend = load && lazy(load);
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
let giftButton: LazyExoticComponent<GiftButton> | undefined;

export function registerGiftButton(load: (() => Promise<{ default: GiftButton }>) | undefined): void {
  giftButton = load && lazy(load);
}

export function GiftSlot({ user }: { user: User }) {
  const Button = giftButton;
  return Button ? (
    <Suspense fallback={null}>
      <Button user={user} />
    </Suspense>
  ) : null;
}

/** The games feature's section on profiles (User.game): a loader, so only members who play load it. */
export type ProfileGamesSection = ComponentType<{ players: UserGameEntry[]; userId?: number }>;
let profileGames: LazyExoticComponent<ProfileGamesSection> | undefined;

export function registerProfileGames(load: () => Promise<{ default: ProfileGamesSection }>): void {
  profileGames = lazy(load);
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
