/**
 * The manifest's share target: another app shares a photo (or text) to the installed Tertulia.
 * The browser POSTs it here; we keep it in a cache the page reads once, and send the page to the
 * home with `?share=1`, where the new-post dialog opens with it (features/feed/sharedPost.ts).
 */
export const SHARE_PATH = '/share-target';
export const SHARE_CACHE = 'tertulia-share';
export const SHARED_FILE = '/shared/photo';
export const SHARED_TEXT = '/shared/text';

export async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const cache = await caches.open(SHARE_CACHE);
  await cache.delete(SHARED_FILE);
  const photo = form.get('photo');
  if (photo instanceof File && photo.type.startsWith('image/')) {
    await cache.put(
      SHARED_FILE,
      new Response(photo, {
        headers: { 'content-type': photo.type, 'x-file-name': encodeURIComponent(photo.name) },
      }),
    );
  }
  const text = [form.get('title'), form.get('text'), form.get('url')]
    .filter((v) => typeof v === 'string' && v)
    .join(' ');
  await cache.put(SHARED_TEXT, new Response(text));
  return Response.redirect('/html/index.jsp?share=1', 303);
}
