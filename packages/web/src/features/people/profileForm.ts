import type { User } from '@tertulia/contract';
import type { ProfileChanges } from '../../api/areas/people';

/** The edit form's state: selects and inputs hold strings; '0' is "rather not say". */
export interface ProfileForm {
  firstName: string;
  lastName: string;
  about: string;
  gender: '' | 'm' | 'f';
  education: string;
  ethnicity: string;
  children: string;
  lookingFor: string;
  relationshipStatus: string;
  relationshipType: string;
  sexualOrientation: string;
  partner: { uid: number; name: string } | null;
  externalLinks: string[];
  imPermission: string;
  messagePermission: string;
  pmPermission: string;
  willAcceptVideoCall: boolean;
  searchProximity: string;
  country: string;
  state: string;
  city: string;
  postalCode: string;
  /** Never shown back: blank leaves the stored one as it is. */
  phone: string;
  /** The stored phone (never shown) is to be erased. */
  removePhone: boolean;
  song: string;
}

export const MAX_LINKS = 5;
const code = (value: number | undefined) => String(value ?? 0);

export function formFromUser(user: User): ProfileForm {
  const links = [...(user.externalLinks ?? [])].slice(0, MAX_LINKS);
  while (links.length < MAX_LINKS) links.push('');
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    about: user.about ?? '',
    gender: user.gender ?? '',
    education: code(user.education),
    ethnicity: code(user.ethnicity),
    children: code(user.children),
    lookingFor: code(user.lookingFor),
    relationshipStatus: code(user.relationshipStatus),
    relationshipType: code(user.relationshipType),
    sexualOrientation: code(user.sexualOrientation),
    partner: user.relationshipPartnerId
      ? {
          uid: user.relationshipPartnerId,
          name: user.relationshipPartnerName ?? String(user.relationshipPartnerId),
        }
      : null,
    externalLinks: links,
    imPermission: code(user.imPermission),
    messagePermission: code(user.messagePermission),
    pmPermission: code(user.pmPermission),
    willAcceptVideoCall: user.willAcceptVideoCall ?? false,
    searchProximity: String(user.searchProximity ?? 1),
    country: user.country ?? '',
    state: user.state ?? '',
    city: user.city ?? '',
    postalCode: user.postalCode ?? '',
    phone: '',
    removePhone: false,
    song: user.song ?? '',
  };
}

/** Every editable field, as updateProfile.do takes it (0 clears a code, '' clears a text). */
export function changesFromForm(form: ProfileForm): ProfileChanges {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    about: form.about.trim(),
    ...(form.gender ? { gender: form.gender } : {}),
    education: Number(form.education),
    ethnicity: Number(form.ethnicity),
    children: Number(form.children),
    lookingFor: Number(form.lookingFor),
    relationshipStatus: Number(form.relationshipStatus),
    relationshipType: Number(form.relationshipType),
    relationshipPartnerId: form.partner?.uid ?? 0,
    sexualOrientation: Number(form.sexualOrientation),
    externalLinks: form.externalLinks.map((link) => link.trim()).filter(Boolean),
    imPermission: Number(form.imPermission),
    messagePermission: Number(form.messagePermission),
    pmPermission: Number(form.pmPermission),
    willAcceptVideoCall: form.willAcceptVideoCall,
    searchProximity: Number(form.searchProximity),
    country: form.country.trim(),
    state: form.state.trim(),
    city: form.city.trim(),
    postalCode: form.postalCode.trim(),
    // Blank keeps the stored phone; an empty string erases it.
    ...(form.removePhone ? { phone: '' } : form.phone.trim() ? { phone: form.phone.trim() } : {}),
    song: form.song.trim(),
  };
}
