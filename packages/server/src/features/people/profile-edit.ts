import type { api, ParamsOf, User } from '@tertulia/contract';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import type { PeopleStore } from './store';
import { toSelf } from './user-view';

type ProfileParams = ParamsOf<typeof api.people.updateProfile>;

const TEXT: [keyof ProfileParams, keyof UsersTable][] = [
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['about', 'about'],
  ['country', 'country'],
  ['state', 'state'],
  ['city', 'city'],
  ['postalCode', 'postal_code'],
  ['song', 'song'],
];
// Ranges are checked by the contract schema; 0 clears a field.
const CODES: [keyof ProfileParams, keyof UsersTable][] = [
  ['education', 'education'],
  ['ethnicity', 'ethnicity'],
  ['children', 'children'],
  ['lookingFor', 'looking_for'],
  ['relationshipStatus', 'relationship_status'],
  ['relationshipType', 'relationship_type'],
  ['sexualOrientation', 'sexual_orientation'],
  ['imPermission', 'im_permission'],
  ['messagePermission', 'message_permission'],
  ['pmPermission', 'pm_permission'],
  ['searchProximity', 'search_proximity'],
];

/** Turns the edited fields into a row update; omitted fields stay, blank text clears. */
export function profileChanges(p: ProfileParams): Updateable<UsersTable> {
  const set: Record<string, unknown> = {};
  for (const [param, column] of TEXT) {
    const value = p[param];
    if (typeof value === 'string') set[column] = value.trim() || null;
  }
  for (const [param, column] of CODES) if (typeof p[param] === 'number') set[column] = p[param];
  if (p.gender) set.gender = p.gender;
  if (p.willAcceptVideoCall !== undefined) set.will_accept_video_call = p.willAcceptVideoCall ? 1 : 0;
  if (p.externalLinks) {
    const links = p.externalLinks.map((l) => l.trim()).filter(Boolean);
    for (const link of links) {
      if (!/^https?:\/\/[^\s<>"]+$/i.test(link)) throw invalid('externalLinks', 'people.linkInvalid');
    }
    set.external_links = JSON.stringify(links);
  }
  if (typeof p.phone === 'string') {
    const phone = p.phone.trim();
    const digits = phone.replace(/\D/g, '').length;
    if (phone && (!/^\+?[\d\s().-]+$/.test(phone) || digits < 7 || digits > 15))
      throw invalid('phone', 'people.phoneInvalid');
    set.phone = phone || null;
  }
  // relationshipPartnerId waits for the partner's consent: features/people/relationship.ts.
  set.profile_updated_at = Date.now();
  return set as Updateable<UsersTable>;
}

/**
 * profile/updateProfile.do: the named partner first (it waits for the partner's consent), then
 * the other fields; answers the member's own User as stored.
 */
export function profileEdit(
  store: PeopleStore,
  relationships: { name: (self: UserRow, partnerId: number) => Promise<void> },
) {
  return async (self: UserRow, p: ProfileParams): Promise<User> => {
    const changes = profileChanges(p);
    if (p.relationshipPartnerId !== undefined)
      await relationships.name((await store.byId(self.id))!, p.relationshipPartnerId);
    await store.update(self.id, changes);
    return toSelf((await store.byId(self.id))!);
  };
}
