import type { User, UserGameEntry } from '@tertulia/contract';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';

/**
 * EXTENSION POINT for the buddies issue: the add-friend button. People decides where it may show
 * (`mayAddFriend`: non-friends, not oneself, and only once `api.buddy` exists in the contract);
 * the buddies feature registers the button that sends the request.
 */
export type AddFriendButton = ComponentType<{ user: User }>;
let addFriend: AddFriendButton | undefined;

export function registerAddFriendButton(component: AddFriendButton | undefined): void {
  addFriend = component;
}

export function AddFriendSlot({ user }: { user: User }) {
  const Button = addFriend;
  return Button ? <Button user={user} /> : null;
}

/** The gifts feature's button on profiles (send a gift, send love); none until it registers. */
export type GiftButton = ComponentType<{ user: User }>;
let giftButton: GiftButton | undefined;

export function registerGiftButton(component: GiftButton | undefined): void {
  giftButton = component;
}

export function GiftSlot({ user }: { user: User }) {
  const Button = giftButton;
  return Button ? <Button user={user} /> : null;
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
