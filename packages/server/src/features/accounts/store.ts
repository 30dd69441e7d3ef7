import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';

/** SQL for accounts: members by name, the rows register and login write, sessions, deletion. */
export function accountStore(db: Db) {
  return {
    /** What goes in the member's data export: every row they wrote (features/accounts/export.ts). */
    async exportRows(userId: number) {
      const [user, photos, messages, statuses] = await Promise.all([
        db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
        db
          .selectFrom('photos')
          .select(['id', 'album_id', 'image_key', 'caption', 'privacy', 'created_at'])
          .where('author_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('messages')
          .select(['id', 'conversation_id', 'content', 'created_at'])
          .where('sender_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('statuses')
          .select(['id', 'text', 'image_key', 'privacy', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      ]);
      return { user, photos, messages, statuses };
    },

    /** An email change waiting for its link (features/accounts/email-change.ts). */
    async setPendingEmail(userId: number, email: string, tokenHash: string, until: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ pending_email: email, pending_email_hash: tokenHash, pending_email_until: until })
        .where('id', '=', userId)
        .execute();
    },

    pendingEmailByHash(tokenHash: string, now: number) {
      return db
        .selectFrom('users')
        .select(['id', 'pending_email'])
        .where('pending_email_hash', '=', tokenHash)
        .where('pending_email_until', '>', now)
        .executeTakeFirst();
    },

    async applyPendingEmail(userId: number, email: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ email, pending_email: null, pending_email_hash: null, pending_email_until: 0 })
        .where('id', '=', userId)
        .execute();
    },

    findByName(name: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('name_lower', '=', name.toLowerCase())
        .executeTakeFirst();
    },

    async takenNames(candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('name_lower')
        .where(
          'name_lower',
          'in',
          candidates.map((c) => c.toLowerCase()),
        )
        .execute();
      return new Set(rows.map((r) => r.name_lower));
    },

    async insert(values: {
      name: string;
      passwordHash: string;
      email: string;
      gender: 'm' | 'f';
      birthDate: string;
      locale: string;
      now: number;
    }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          name: values.name,
          name_lower: values.name.toLowerCase(),
          password_hash: values.passwordHash,
          email: values.email,
          gender: values.gender,
          birth_date: values.birthDate,
          locale: values.locale,
          creation_time: values.now,
          last_access: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setLocale(userId: number, locale: string): Promise<void> {
      await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
    },

    async touch(userId: number, now: number): Promise<void> {
      await db.updateTable('users').set({ last_access: now }).where('id', '=', userId).execute();
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    /** The member's sessions still live at `now`, most recently seen first. */
    sessionsOf(userId: number, now: number) {
      return db
        .selectFrom('sessions')
        .select(['id_hash', 'public_id', 'created_at', 'last_seen', 'user_agent', 'address'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_seen', 'desc')
        .execute();
    },

    /** Deletes the member's sessions chosen by `which`; answers the hashes that ended. */
    async endSessions(userId: number, which: { publicId: string } | { except: string }): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        let chosen = trx.selectFrom('sessions').select('id_hash').where('user_id', '=', userId);
        chosen =
          'publicId' in which
            ? chosen.where('public_id', '=', which.publicId)
            : chosen.where('id_hash', '!=', which.except);
        const hashes = (await chosen.execute()).map((r) => r.id_hash);
        if (hashes.length) await trx.deleteFrom('sessions').where('id_hash', 'in', hashes).execute();
        return hashes;
      });
    },

    /** Hidden from everyone at once: a deleted member is banned_at too (every list already skips those). */
    async markDeleted(userId: number, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ deleted_at: now, banned_at: now })
        .where('id', '=', userId)
        .execute();
    },

    async restore(userId: number): Promise<void> {
      await db.updateTable('users').set({ deleted_at: 0, banned_at: 0 }).where('id', '=', userId).execute();
    },

    async recordLoginFailure(userId: number, now: number, address: string): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ user_id: userId, count: 1, last_at: now, last_address: address.slice(0, 64) })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            count: eb('login_failures.count', '+', 1),
            last_at: now,
            last_address: address.slice(0, 64),
          })),
        )
        .execute();
    },

    /** The failed logins since the last good one, forgotten as they are read. */
    async takeLoginFailures(userId: number): Promise<number> {
      const row = await db
        .deleteFrom('login_failures')
        .where('user_id', '=', userId)
        .returning('count')
        .executeTakeFirst();
      return row?.count ?? 0;
    },

    /** Members whose deletion is older than `before`, with the media keys of their photos and statuses. */
    async deletedBefore(before: number, max: number) {
      const users = await db
        .selectFrom('users')
        .select(['id', 'song_file', 'profile_video_file', 'profile_video_poster'])
        .where('deleted_at', '>', 0)
        .where('deleted_at', '<=', before)
        .limit(max)
        .execute();
      const ids = users.map((u) => u.id);
      // The profile song and video (docs/profile-media.md): their files, and a video's poster.
      const files = users.flatMap((u) => [u.song_file, u.profile_video_file]).filter((f): f is string => !!f);
      const posters = users.map((u) => u.profile_video_poster).filter((k): k is string => !!k);
      if (ids.length === 0) return { ids, imageKeys: [], files };
      const photos = await db
        .selectFrom('photos')
        .select('image_key')
        .where('author_id', 'in', ids)
        .execute();
      const statuses = await db
        .selectFrom('statuses')
        .select('image_key')
        .where('user_id', 'in', ids)
        .where('image_key', 'is not', null)
        .execute();
      return { ids, imageKeys: [...[...photos, ...statuses].map((r) => r.image_key!), ...posters], files };
    },

    /** Removes the members' rows; foreign keys remove what hangs from them, the rest goes here. */
    async purge(ids: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('feed_inbox').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('feed_seen').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('likes').where('author_id', 'in', ids).execute();
        await trx.deleteFrom('users').where('id', 'in', ids).execute();
      });
    },
  };
}
