import { openDialog } from '../../ui/dialog/dialogStore';
import { newPostDialog } from './dialogs';

// Where the service worker keeps what another app shared (packages/web/src/sw/shareTarget.ts).
const SHARE_CACHE = 'tertulia-share';

/** Opened by the share target (`?share=1`): the new-post dialog with the shared photo and text, once. */
export async function openSharedPost(): Promise<void> {
  const url = new URL(window.location.href);
  if (url.searchParams.get('share') !== '1' || typeof caches === 'undefined') return;
  url.searchParams.delete('share');
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
  const cache = await caches.open(SHARE_CACHE);
  const [photo, text] = await Promise.all([cache.match('/shared/photo'), cache.match('/shared/text')]);
  let initialFile: File | undefined;
  if (photo) {
    const blob = await photo.blob();
    const name = decodeURIComponent(photo.headers.get('x-file-name') ?? 'foto');
    initialFile = new File([blob], name, { type: blob.type });
  }
  const initialText = text ? await text.text() : undefined;
  await Promise.all([cache.delete('/shared/photo'), cache.delete('/shared/text')]);
  openDialog(newPostDialog, { photo: true, initialFile, initialText });
}
