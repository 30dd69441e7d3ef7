import {
  Children,
  ContactPermission,
  Education,
  Ethnicity,
  LookingFor,
  RelationshipStatus,
  SexualOrientation,
  valuesOf,
} from '@tertulia/contract';
import { type MessageKey, t } from '../../i18n/i18n';
import './texts';

/**
 * The profile's numeric codes in words (the contract's enumerations). Every code of every field
 * has a catalog entry `people.<field>.<code>` in both languages; 0 or an unknown code has none.
 */
export const PROFILE_ENUMS = {
  education: valuesOf(Education),
  ethnicity: valuesOf(Ethnicity),
  children: valuesOf(Children),
  lookingFor: valuesOf(LookingFor),
  relationshipStatus: valuesOf(RelationshipStatus),
  /** Not named by the API (codes 1-3 in the contract): how the member relates to their partner. */
  relationshipType: [1, 2, 3],
  sexualOrientation: valuesOf(SexualOrientation),
  /** imPermission, messagePermission and pmPermission share these words. */
  permission: valuesOf(ContactPermission),
  searchProximity: [1, 2, 3],
  gender: ['f', 'm'],
} as const;

export type WordField = keyof typeof PROFILE_ENUMS;
type Code = number | string;

export function wordKey(field: WordField, code: Code | null | undefined): MessageKey | undefined {
  if (code === null || code === undefined) return undefined;
  const known = (PROFILE_ENUMS[field] as readonly Code[]).includes(code);
  return known ? (`people.${field}.${code}` as MessageKey) : undefined;
}

/** The word for a code, or undefined when the member left it empty (0) or it is unknown. */
export function word(field: WordField, code: Code | null | undefined, translate = t): string | undefined {
  const key = wordKey(field, code);
  return key ? translate(key) : undefined;
}

/** A select's options, in the enumeration's order. */
export function options(field: WordField, translate = t): { value: string; label: string }[] {
  return (PROFILE_ENUMS[field] as readonly Code[]).map((code) => ({
    value: String(code),
    label: translate(wordKey(field, code)!),
  }));
}

/** The relationship fields the profile shows, in order, with their catalog label. */
export const DETAIL_FIELDS = [
  'lookingFor',
  'relationshipStatus',
  'sexualOrientation',
  'education',
  'ethnicity',
  'children',
] as const satisfies readonly WordField[];
