import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { BROADCAST_ID_PATTERN } from '../enums/live';

/** The admins' live call (area admin), apart so the admin page's chunk alone carries it (docs/live.md). */
export const endBroadcast = endpoint({
  area: 'admin',
  call: 'endBroadcast',
  method: 'POST',
  summary: "Admins: end anyone's broadcast (true when it was on air); its viewers are told",
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ broadcastId: Type.String({ pattern: BROADCAST_ID_PATTERN }) }),
  result: Scalars.Boolean,
});
