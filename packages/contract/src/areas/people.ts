import { Type } from '@sinclair/typebox';
import { endpoint, Scalars, searchResult } from '../endpoint';
import { AdvancedSearchFields } from '../entities/search';
import { ProfileVisit, User } from '../entities/user';
import { Bool, Id, IdOrZero } from '../params';

/**
 * People: profiles, visits, search, verification; safety and relationships in their own files,
 * re-exported here. Calls live in their API
 * areas (profile/, user/); this module groups them for the feature that serves them.
 */
const userResult = { name: 'User', schema: User };
const Code = (max: number) => Type.Integer({ minimum: 0, maximum: max, description: '0 clears' });
const Text = (maxLength: number) => Type.String({ maxLength });

export const getUserById = endpoint({
  area: 'user',
  call: 'getUserById',
  method: 'GET',
  summary: 'A member as the caller may see them (isFriend, canInitiateIM computed for the caller)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: userResult,
});

export const updateProfile = endpoint({
  area: 'profile',
  call: 'updateProfile',
  method: 'POST',
  summary: 'Edit the fields a member edits; omitted fields stay as they are',
  auth: 'member',
  params: Type.Object({
    firstName: Type.Optional(Text(40)),
    lastName: Type.Optional(Text(40)),
    about: Type.Optional(Text(2000)),
    gender: Type.Optional(Type.Union([Type.Literal('m'), Type.Literal('f')])),
    education: Type.Optional(Code(5)),
    ethnicity: Type.Optional(Code(9)),
    children: Type.Optional(Code(4)),
    lookingFor: Type.Optional(Code(5)),
    relationshipStatus: Type.Optional(Code(4)),
    relationshipType: Type.Optional(Code(3)),
    relationshipPartnerId: Type.Optional(IdOrZero('0 clears')),
    sexualOrientation: Type.Optional(Code(3)),
    externalLinks: Type.Optional(Type.Array(Text(300), { maxItems: 5 })),
    imPermission: Type.Optional(Code(2)),
    messagePermission: Type.Optional(Code(2)),
    pmPermission: Type.Optional(Code(2)),
    willAcceptVideoCall: Type.Optional(Bool()),
    searchProximity: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3, description: '1 city, 2 state, 3 country' }),
    ),
    country: Type.Optional(Text(60)),
    state: Type.Optional(Text(60)),
    city: Type.Optional(Text(60)),
    postalCode: Type.Optional(Text(12)),
    phone: Type.Optional(
      Type.String({ maxLength: 24, description: 'never shown; proof for requests to a private friend list' }),
    ),
    song: Type.Optional(Text(200)),
  }),
  result: userResult,
});

export const setFont = endpoint({
  area: 'user',
  call: 'setFont',
  method: 'POST',
  summary: 'The font of the member’s messages',
  auth: 'member',
  params: Type.Object({ font: Text(40) }),
  result: Scalars.Boolean,
});

export const setBackgroundPhoto = endpoint({
  area: 'user',
  call: 'setBackgroundPhoto',
  method: 'POST',
  summary: 'Use one of the member’s photos (post id; 0 clears) as the profile background',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    photo: IdOrZero(),
    repeat: Type.Optional(Bool({ default: false })),
  }),
  result: userResult,
});

export const dismissTip = endpoint({
  area: 'user',
  call: 'dismissTip',
  method: 'POST',
  summary: 'Never show this tip again',
  auth: 'member',
  params: Type.Object({ tipId: Type.String({ minLength: 1, maxLength: 60 }) }),
  result: Scalars.Boolean,
});

export const generateSecureLinkParam = endpoint({
  area: 'user',
  call: 'generateSecureLinkParam',
  method: 'GET',
  summary: 'A signature of the caller and a salt, for links that prove who made them',
  auth: 'member',
  params: Type.Object({ salt: Type.String({ minLength: 1, maxLength: 200 }) }),
  result: Scalars.String,
});

export const pledge = endpoint({
  area: 'profile',
  call: 'pledge',
  method: 'POST',
  summary: 'Promise to respect the community; required before messaging from the profile card',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Boolean,
});

export const updateProfileVisit = endpoint({
  area: 'profile',
  call: 'updateProfileVisit',
  method: 'GET',
  changesState: true,
  summary: 'Record a visit to a profile (a GET, as the API defines it) and tell its owner',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ profileOwnerId: Id() }),
  result: Scalars.Boolean,
});

export const getProfileVisitors = endpoint({
  area: 'profile',
  call: 'getProfileVisitors',
  method: 'GET',
  summary: 'Who viewed my profile: names for VIP owners, a count and blurred tiles for others',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: searchResult(ProfileVisit),
});

const userSearch = searchResult(User);

export const findUsersByName = endpoint({
  area: 'profile',
  call: 'findUsersByName',
  method: 'GET',
  summary: 'Members whose user name starts with the text, or whose first/last name matches',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 40 }) }),
  result: userSearch,
});

export const findOnlineUsersByGender = endpoint({
  area: 'profile',
  call: 'findOnlineUsersByGender',
  method: 'GET',
  summary: 'Members online now, men (male=true) or women',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({ male: Bool() }),
  result: userSearch,
});

export const findUsersNearMe = endpoint({
  area: 'profile',
  call: 'findUsersNearMe',
  method: 'GET',
  summary: 'Members near the caller’s stored location, within their searchProximity',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: userSearch,
});

export const getRandomFriendRecommendations = endpoint({
  area: 'profile',
  call: 'getRandomFriendRecommendations',
  method: 'GET',
  summary: 'Members to befriend: not friends, not blocked, preferably near and of the sought gender and age',
  auth: 'member',
  list: { defaultLimit: 10 },
  params: Type.Object({}),
  result: { name: 'User', schema: User },
});

export const getAdvancedUserSearch = endpoint({
  area: 'profile',
  call: 'getAdvancedUserSearch',
  method: 'GET',
  summary:
    'Search members by the advanced-search fields; empty values (null, -1, blank) are dropped. email and includeAdminFlagged are for admins: others get 403',
  auth: 'member',
  errors: ['ApiForbiddenException'],
  list: { defaultLimit: 20 },
  params: Type.Object({
    ...AdvancedSearchFields.properties,
    // No default here: a stored search (useStoredParams) keeps its own order unless one is given.
    sortBy: Type.Optional(
      Type.Union([
        Type.Literal('LAST_ACCESS_DESC'),
        Type.Literal('LAST_UPDATE_DESC'),
        Type.Literal('NAME_ASC'),
      ]),
    ),
  }),
  result: userSearch,
});

export const sendVerification = endpoint({
  area: 'profile',
  call: 'sendVerification',
  method: 'POST',
  summary: 'Email the caller a one-time verification link',
  auth: 'member',
  errors: ['ApiRateLimitException'],
  params: Type.Object({}),
  result: Scalars.Boolean,
});

export const verify = endpoint({
  area: 'profile',
  call: 'verify',
  method: 'POST',
  summary: 'Verify an account with the token of its link; answers whether it was already verified',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }),
  result: {
    name: 'VerificationResult',
    schema: Type.Object(
      { alreadyVerified: Type.Boolean(), userId: Type.Integer() },
      { title: 'VerificationResult' },
    ),
  },
});

export * from './profile-media';
export * from './relationships';
export * from './safety';
