import { invalid } from '../../http/errors';
import { ageOn, MIN_AGE } from '../people/age';

/** Sign-up rules of the platform issue; each throws a 400 naming its field. */
export const NAME_PATTERN = /^[\p{L}\p{N}_.]{3,20}$/u;
export const MIN_PASSWORD = 8;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) throw invalid('name', 'account.nameFormat');
}

export function checkPassword(password: string, field = 'password'): void {
  if ([...password].length < MIN_PASSWORD) throw invalid(field, 'account.passwordShort');
}

export function checkEmail(email: string): void {
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw invalid('email', 'account.emailInvalid');
}

export function checkGender(gender: string): asserts gender is 'm' | 'f' {
  if (gender !== 'm' && gender !== 'f') throw invalid('gender', 'account.genderInvalid');
}

/** Returns the birthday as YYYY-MM-DD after checking it is a real date and the member is 18+. */
export function checkBirthday(year: number, month: number, day: number, today: Date): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date > today) throw invalid('birthdayYear', 'account.birthdayInvalid');
  if (ageOn(date.toISOString().slice(0, 10), today) < MIN_AGE)
    throw invalid('birthdayYear', 'account.underage');
  return date.toISOString().slice(0, 10);
}
