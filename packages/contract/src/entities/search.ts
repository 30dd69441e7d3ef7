import { type Static, Type } from '@sinclair/typebox';
import { Int, MAX_AGE } from '../params';
import { Opt } from './common';

/**
 * Codes, ages and free text, bounded so no value reaches SQL out of range; -1 is the API's
 * "any" (dropped by the server like a blank).
 */
const Code = () => Int(-1, 99);
const Age = () => Int(-1, MAX_AGE, { description: 'years; -1: any' });
const Text = () => Type.String({ maxLength: 200 });

/**
 * Advanced member search (profile/getAdvancedUserSearch.do). Every field is optional; the
 * client drops empty values (null, -1, blank) before sending. The spec lists "and others",
 * so unknown keys are allowed. Integer codes follow the enums in ../enums.
 */
export const AdvancedSearchFields = Type.Object(
  {
    areacode: Opt(Text()),
    about: Opt(Text()),
    city: Opt(Text()),
    children: Opt(Code()),
    country: Opt(Text()),
    countryCode: Opt(Text()),
    education: Opt(Code()),
    email: Opt(Type.String({ maxLength: 254, description: 'admins only: the exact address, any case' })),
    ethnicity: Opt(Code()),
    firstName: Opt(Text()),
    gender: Opt(Type.Union([Type.Literal('m'), Type.Literal('f')])),
    verified: Opt(Type.Boolean()),
    includeAdminFlagged: Opt(
      Type.Boolean({
        description: 'admins only: also members an admin banned, hidden from every other search',
      }),
    ),
    lastName: Opt(Text()),
    lookingFor: Opt(Code()),
    maxAge: Opt(Age()),
    minAge: Opt(Age()),
    nearMe: Opt(Type.Boolean()),
    photosOnly: Opt(Type.Boolean()),
    postalCode: Opt(Text()),
    postalProximity: Opt(Int(-1, 20_000, { description: 'km' })),
    status: Opt(Int(-1, 99, { description: 'relationship status' })),
    orient: Opt(Int(-1, 99, { description: 'sexual orientation' })),
    sortBy: Opt(
      Type.Union(
        [Type.Literal('LAST_ACCESS_DESC'), Type.Literal('LAST_UPDATE_DESC'), Type.Literal('NAME_ASC')],
        {
          default: 'LAST_ACCESS_DESC',
        },
      ),
    ),
    state: Opt(Text()),
    totalLimit: Opt(Int(-1, 100_000)),
    userName: Opt(Text()),
    useStoredParams: Opt(Type.Boolean({ description: "reuse the caller's last search" })),
  },
  { title: 'AdvancedSearchFields' },
);
export type AdvancedSearchFields = Static<typeof AdvancedSearchFields>;
