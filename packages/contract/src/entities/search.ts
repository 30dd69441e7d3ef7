import { type Static, Type } from '@sinclair/typebox';
import { Opt } from './common';

/**
 * Advanced member search (profile/getAdvancedUserSearch.do). Every field is optional; the
 * client drops empty values (null, -1, blank) before sending. The spec lists "and others",
 * so unknown keys are allowed. Integer codes follow the enums in ../enums.
 */
export const AdvancedSearchFields = Type.Object(
  {
    areacode: Opt(Type.String()),
    about: Opt(Type.String()),
    city: Opt(Type.String()),
    children: Opt(Type.Integer()),
    country: Opt(Type.String()),
    countryCode: Opt(Type.String()),
    education: Opt(Type.Integer()),
    email: Opt(Type.String()),
    ethnicity: Opt(Type.Integer()),
    firstName: Opt(Type.String()),
    gender: Opt(Type.Union([Type.Literal('m'), Type.Literal('f')])),
    verified: Opt(Type.Boolean()),
    includeAdminFlagged: Opt(Type.Boolean({ description: 'admins only' })),
    lastName: Opt(Type.String()),
    lookingFor: Opt(Type.Integer()),
    maxAge: Opt(Type.Integer()),
    minAge: Opt(Type.Integer()),
    nearMe: Opt(Type.Boolean()),
    photosOnly: Opt(Type.Boolean()),
    postalCode: Opt(Type.String()),
    postalProximity: Opt(Type.Integer()),
    status: Opt(Type.Integer({ description: 'relationship status' })),
    orient: Opt(Type.Integer({ description: 'sexual orientation' })),
    sortBy: Opt(
      Type.Union(
        [Type.Literal('LAST_ACCESS_DESC'), Type.Literal('LAST_UPDATE_DESC'), Type.Literal('NAME_ASC')],
        {
          default: 'LAST_ACCESS_DESC',
        },
      ),
    ),
    state: Opt(Type.String()),
    totalLimit: Opt(Type.Integer()),
    userName: Opt(Type.String()),
    useStoredParams: Opt(Type.Boolean({ description: "reuse the caller's last search" })),
  },
  { title: 'AdvancedSearchFields' },
);
export type AdvancedSearchFields = Static<typeof AdvancedSearchFields>;
