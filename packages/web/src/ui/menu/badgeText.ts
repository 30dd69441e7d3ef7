/** Badges count up to 99; more reads "99+". */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
