import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { User } from '../entities/user';
import { Id, ListParams } from '../params';

// The owner's album management (ours, beside createAlbum/editAlbum) and the backstage unlocks.

export const deleteAlbum = endpoint({
  area: 'album',
  call: 'deleteAlbum',
  method: 'POST',
  summary: 'Delete one of the caller’s albums with the photos in it (their comments and likes go too)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ albumId: Id() }),
  result: Scalars.Boolean,
});

export const reorderAlbums = endpoint({
  area: 'album',
  call: 'reorderAlbums',
  method: 'POST',
  summary: 'Put the caller’s albums in this order: every album id once, comma separated',
  auth: 'member',
  errors: ['ApiValidationException'],
  params: Type.Object({
    albumIds: Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$', description: 'e.g. 12,7,9' }),
  }),
  result: Scalars.Boolean,
});

export const unlockBackstage = endpoint({
  area: 'album',
  call: 'unlockBackstage',
  method: 'POST',
  summary: 'Let one member see the caller’s backstage photos (VIP members see them anyway for now)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiValidationException'],
  params: Type.Object({ userId: Id('the member to unlock for') }),
  result: Scalars.Boolean,
});

export const lockBackstage = endpoint({
  area: 'album',
  call: 'lockBackstage',
  method: 'POST',
  summary: 'Take back a member’s access to the caller’s backstage photos',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const getBackstageUnlocks = endpoint({
  area: 'album',
  call: 'getBackstageUnlocks',
  method: 'GET',
  summary: 'The members the caller unlocked their backstage photos for, most recent first',
  auth: 'member',
  params: ListParams(50),
  result: { name: 'User', schema: User },
});
