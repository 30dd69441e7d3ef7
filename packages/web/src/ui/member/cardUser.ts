import type { User } from '@tertulia/contract';

/** What a list already knows about a member; the card fetches the rest when it opens. */
export type CardUser = Pick<User, 'uid'> & Partial<User>;
