/**
 * The proof a friend request to a private list carries: the receiver's last name or phone, as the
 * sender knows them. Names compare without case, accents or extra spaces; phones by their digits,
 * and a number written without its country code still matches (the shorter one, of at least
 * seven digits, ends the longer one).
 */
export type Proof = { lastName?: string; phone?: string };

const MIN_PHONE_DIGITS = 7;

/** "  Pérez  García " and "perez garcia" compare equal. */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

function samePhone(given: string, stored: string): boolean {
  const a = phoneDigits(given);
  const b = phoneDigits(stored);
  if (a.length < MIN_PHONE_DIGITS || b.length < MIN_PHONE_DIGITS) return false;
  return a.length >= b.length ? a.endsWith(b) : b.endsWith(a);
}

/** Whether the proof names the receiver: either the last name or the phone must match. */
export function proofMatches(
  receiver: { last_name: string | null; phone: string | null },
  proof: Proof,
): boolean {
  const lastName = proof.lastName?.trim();
  if (lastName && receiver.last_name && nameKey(lastName) === nameKey(receiver.last_name)) return true;
  const phone = proof.phone?.trim();
  return !!(phone && receiver.phone && samePhone(phone, receiver.phone));
}

export const hasProof = (proof: Proof) => !!(proof.lastName?.trim() || proof.phone?.trim());
