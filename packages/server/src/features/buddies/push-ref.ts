import { imageUrl, type UserRef } from '@tertulia/contract';
import type { UserRow } from '../../http/context';

/** How a push names a member (the sender of a request or invite, a friend coming online). */
export const userRef = (u: Pick<UserRow, 'id' | 'name' | 'image1'>): UserRef => ({
  uid: u.id,
  name: u.name,
  image1: u.image1 ? imageUrl(u.image1) : undefined,
});
