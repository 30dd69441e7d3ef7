import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/** Albums and photos: profile pictures and backgrounds now; the photos issue builds on them. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('albums')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // 'profile' and 'default' mark the albums made on demand; null for the member's own.
    .addColumn('kind', 'varchar(12)')
    .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One album of each kind per member (NULL kinds are distinct on both dialects).
  await db.schema
    .createIndex('albums_owner_kind')
    .on('albums')
    .columns(['owner_id', 'kind'])
    .unique()
    .execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('image_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_key').on('photos').column('image_key').unique().execute();
  await db.schema.createIndex('photos_album').on('photos').columns(['album_id', 'id']).execute();
  await db.schema.createIndex('photos_owner').on('photos').columns(['owner_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos').execute();
  await db.schema.dropTable('albums').execute();
}
