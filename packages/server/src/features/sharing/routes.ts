import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pagesWithPreview } from './previews';
import { publicProfiles } from './public-profile';

/**
 * The sharing feature's door, as every feature's routes.ts is: it binds no API call, it hands the
 * web pages what they show of shared content (app.ts gives it to http/, which imports no feature):
 * the link preview card of a shared page, and a public profile for the server-rendered page.
 */
export function sharingPages(db: Kysely<Database>) {
  return { withPreview: pagesWithPreview(db), publicProfile: publicProfiles(db) };
}
