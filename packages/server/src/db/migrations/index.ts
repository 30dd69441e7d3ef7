import type { Migration } from 'kysely';
import * as m001 from './001_accounts';

/** Every migration, in order. Feature issues append theirs. */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
};
