import { type Static, Type } from '@sinclair/typebox';

/** Ours: a member's Web Push choices (docs/web-push.md); they apply to every device they subscribed. */
export const PushSettings = Type.Object(
  {
    messages: Type.Boolean(),
    friendRequests: Type.Boolean(),
    gifts: Type.Boolean(),
    profileVisits: Type.Boolean({ description: 'who viewed my profile (VIP only)' }),
    chatPrivateMessages: Type.Boolean(),
    broadcasts: Type.Boolean({ description: 'a friend started a live broadcast' }),
    media: Type.Boolean({ description: 'photos, stories and comments on them' }),
    previews: Type.Boolean({ description: 'show the message text in the notification' }),
    prompt: Type.Integer({ description: '0 never asked, 1 accepted, 2 refused (PushPrompt)' }),
    /** How many devices of this member receive pushes now. */
    devices: Type.Integer(),
  },
  { title: 'PushSettings' },
);
export type PushSettings = Static<typeof PushSettings>;
