/**
 * The proof a friend request to a private list carries: the receiver's phone, as the sender knows
 * it. The phone is shown to nobody (the member included), so only someone who got it from the
 * receiver can give it. A last name is not a proof: every profile view and search shows it
 * (docs/security.md, "A private friend list"). Phones compare by their digits, and a number
 * written without its country code still matches (the shorter one, of at least seven digits,
 * ends the longer one).
 */
export type Proof = { lastName?: string; phone?: string };

const MIN_PHONE_DIGITS = 7;

export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

function samePhone(given: string, stored: string): boolean {
  const a = phoneDigits(given);
  const b = phoneDigits(stored);
  if (a.length < MIN_PHONE_DIGITS || b.length < MIN_PHONE_DIGITS) return false;
  return a.length >= b.length ? a.endsWith(b) : b.endsWith(a);
}

/** Whether the proof names the receiver: the phone must match (a last name given is ignored). */
export function proofMatches(receiver: { phone: string | null }, proof: Proof): boolean {
  const phone = proof.phone?.trim();
  return !!(phone && receiver.phone && samePhone(phone, receiver.phone));
}

export const hasProof = (proof: Proof) => !!proof.phone?.trim();
