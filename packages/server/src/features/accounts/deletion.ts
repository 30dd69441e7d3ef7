import type { RequestContext, UserRow } from '../../http/context';
import { clearCookie } from '../../http/cookies';
import { SESSION_COOKIE } from '../../http/session';
import { originalName, variantPrefix } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { accountSecurityUseCases } from './security';
import { closeSockets } from './sockets';
import { accountStore } from './store';
import type { AccountDeps } from './use-cases';

/** A deleted account can be restored by logging in for this long; then its data is removed. */
export const DELETE_GRACE_MS = 30 * 24 * 60 * 60_000;
/** How often this process looks for accounts past their grace period. */
export const PURGE_EVERY_MS = 60 * 60_000;
const PURGE_BATCH = 100;

/**
 * Deleting an account hides the member everywhere at once (as a ban does: every list, search and
 * conversation already skips banned members) and ends their sessions; see docs/accounts.md.
 */
export function accountDeletionUseCases(deps: AccountDeps) {
  const store = accountStore(deps.db);
  const security = accountSecurityUseCases(deps);
  return {
    async delete(viewer: UserRow, password: string, ctx: RequestContext): Promise<boolean> {
      await security.checkCurrent(viewer, password, 'password', 'account.passwordWrong');
      await store.markDeleted(viewer.id, Date.now());
      await deps.sessions.endAll(viewer.id);
      clearCookie(ctx.reply, SESSION_COOKIE);
      await closeSockets(deps.hub.disconnect([viewer.id]));
      return true;
    },
  };
}

/**
 * Removes accounts deleted more than DELETE_GRACE_MS before `now()`: their media files, then
 * their rows (foreign keys take what hangs from them). Answers how many went.
 */
export async function purgeDeletedAccounts(
  deps: Pick<AccountDeps, 'db'> & { config: { dataDir: string } },
  now = Date.now(),
  media: MediaStore = mediaStoreFor(deps.config),
): Promise<number> {
  const store = accountStore(deps.db);
  let purged = 0;
  for (;;) {
    const { ids, imageKeys, files } = await store.deletedBefore(now - DELETE_GRACE_MS, PURGE_BATCH);
    if (ids.length === 0) return purged;
    for (const key of imageKeys) {
      await media.remove(originalName(key));
      await media.remove(variantPrefix(key));
    }
    for (const name of files) await media.remove(name);
    await store.purge(ids);
    purged += ids.length;
  }
}

/** The in-process purge job: every PURGE_EVERY_MS; the returned function stops it. */
export function startAccountPurge(
  deps: Pick<AccountDeps, 'db'> & { config: { dataDir: string } },
  log: { error: (obj: unknown, msg: string) => void },
): () => void {
  const timer = setInterval(() => {
    purgeDeletedAccounts(deps).catch((error) => log.error({ err: error }, 'account purge failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
