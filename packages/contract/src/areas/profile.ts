import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Locale, Session, User } from '../entities/user';
import { Bool, Id, Int } from '../params';

// Wide enough for the accounts rules to judge the date (real, 18+), narrow enough for Date.
const Year = Int(1, 9999);
const Month = Int(1, 12);
const Day = Int(1, 31);
const LocaleCode = Type.Union([Type.Literal('es'), Type.Literal('en')]);
const userResult = { name: 'User', schema: User };

/** Account calls (the profile/ area, plus our own register and logout calls). */
export const register = endpoint({
  area: 'profile',
  call: 'register',
  method: 'POST',
  summary: 'Create an account and start a session',
  auth: 'anonymous',
  errors: ['ApiRateLimitException', 'ApiForbiddenException'],
  params: Type.Object({
    name: Type.String(),
    password: Type.String(),
    birthdayYear: Year,
    birthdayMonth: Month,
    birthdayDay: Day,
    gender: Type.String(),
    email: Type.String(),
    locale: Type.Optional(LocaleCode),
  }),
  result: userResult,
});

export const login = endpoint({
  area: 'profile',
  call: 'login',
  method: 'POST',
  summary: 'Log in with name and password',
  auth: 'anonymous',
  errors: ['ApiLoginRequiredException', 'ApiRateLimitException', 'ApiForbiddenException'],
  params: Type.Object({
    name: Type.String(),
    password: Type.String(),
    rememberMe: Type.Optional(Bool({ default: false })),
    locale: Type.Optional(LocaleCode),
  }),
  result: userResult,
});

export const logout = endpoint({
  area: 'profile',
  call: 'logout',
  method: 'POST',
  summary: 'End the current session',
  auth: 'optional',
  params: Type.Object({}),
  result: Scalars.Boolean,
});

export const getAvailableUserNames = endpoint({
  area: 'profile',
  call: 'getAvailableUserNames',
  method: 'GET',
  summary: 'Free user names close to a taken one',
  auth: 'anonymous',
  params: Type.Object({
    takenUserName: Type.String(),
    birthdayYear: Type.Optional(Year),
    birthdayMonth: Type.Optional(Month),
    birthdayDay: Type.Optional(Day),
    password: Type.Optional(Type.String()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
  }),
  result: Scalars.String,
});

export const getLocales = endpoint({
  area: 'profile',
  call: 'getLocales',
  method: 'GET',
  summary: 'Languages the interface offers; active marks the caller’s',
  auth: 'optional',
  params: Type.Object({}),
  result: { name: 'Locale', schema: Locale },
});

export const getItemLikeCount = endpoint({
  area: 'profile',
  call: 'getItemLikeCount',
  method: 'GET',
  summary: 'How many members like an item (type is a LikeItemType)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({
    type: Type.Integer({ minimum: 1, maximum: 5, description: 'LikeItemType' }),
    itemId: Id(),
    authorUserId: Id(),
  }),
  result: Scalars.Integer,
});

// Account safety: password, sessions, deletion (docs/accounts.md).

export const changePassword = endpoint({
  area: 'profile',
  call: 'changePassword',
  method: 'POST',
  summary: 'Change the password (the current one is required); every other session of the member ends',
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({
    currentPassword: Type.String({ maxLength: 1000 }),
    newPassword: Type.String({ maxLength: 1000 }),
  }),
  result: Scalars.Boolean,
});

export const getSessions = endpoint({
  area: 'profile',
  call: 'getSessions',
  method: 'GET',
  summary: 'The member’s signed-in sessions, most recently seen first; current marks this one',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'Session', schema: Session },
});

export const endSession = endpoint({
  area: 'profile',
  call: 'endSession',
  method: 'POST',
  summary: 'End one of the member’s sessions (its sockets close at once)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ sessionId: Type.String({ maxLength: 64 }) }),
  result: Scalars.Boolean,
});

export const endOtherSessions = endpoint({
  area: 'profile',
  call: 'endOtherSessions',
  method: 'POST',
  summary: 'End every session of the member but this one; answers how many ended',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Integer,
});

export const deleteAccount = endpoint({
  area: 'profile',
  call: 'deleteAccount',
  method: 'POST',
  summary:
    'Delete the account (password required): hidden at once, data removed after 30 days; logging in before then restores it',
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({ password: Type.String({ maxLength: 1000 }) }),
  result: Scalars.Boolean,
});
