import type { Kysely } from 'kysely';

/**
 * Photo albums in full: the member orders albums and photos (position), a photo can be in the
 * backstage album, flagged NSFW, reported and then quarantined or approved by an admin. The
 * stored flags are what the Photo entity shows (image1Approved, quarantine, adminFlagged,
 * backstage, shareable, downloadPermitted); who may see what is decided in policy/photos.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const photos = [
    ['position', 0],
    ['backstage', 0],
    ['nsfw', 0],
    ['quarantine', 0],
    ['approved', 0],
    ['admin_flagged', 0],
    ['shareable', 1],
    ['download_permitted', 1],
  ] as const;
  for (const [column, value] of photos) {
    await db.schema
      .alterTable('photos')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(value))
      .execute();
  }
  await db.schema
    .alterTable('albums')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The album page reads one album's photos in the owner's order.
  await db.schema
    .createIndex('photos_album_position')
    .on('photos')
    .columns(['album_id', 'position', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_album_position').execute();
  await db.schema.alterTable('albums').dropColumn('position').execute();
  for (const column of [
    'download_permitted',
    'shareable',
    'admin_flagged',
    'approved',
    'quarantine',
    'nsfw',
    'backstage',
    'position',
  ]) {
    await db.schema.alterTable('photos').dropColumn(column).execute();
  }
}
