import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { photoUseCases } from './use-cases';

/** Albums and photos: album/*, and user/allowNSFW.do and user/setBackgroundPhoto.do. */
export function photoRoutes(deps: Deps) {
  const { reads, upload, edits, albums, unlocks, moderation, setBackground } = photoUseCases(deps);
  const a = api.album;
  return [
    bind(a.uploadPhoto, async (p, ctx) => (await upload(me(ctx), p))[0]),
    bind(a.uploadPhotos, (p, ctx) => upload(me(ctx), p)),
    bind(a.getPhotoAlbums, (p, ctx) => reads.albums(ctx.user, p.userId)),
    bind(a.getPhotos, (p, ctx) => reads.photos(ctx.user, p)),
    bind(a.getPhotosAndAlbums, (p, ctx) => reads.photosAndAlbums(ctx.user, p)),
    bind(a.getPhoto, (p, ctx) => reads.photo(ctx.user, p)),
    bind(a.getNewestAlbumPost, (_p, ctx) => reads.newest(me(ctx))),
    bind(a.getUserPhotoCount, (p, ctx) => reads.count(ctx.user, p.ownerId)),
    bind(a.getPhotoFavorites, (p, ctx) => reads.favorites(ctx.user, p)),
    bind(a.rotatePhoto, (p, ctx) => edits.rotate(me(ctx), p)),
    bind(a.editPost, (p, ctx) => edits.edit(me(ctx), p)),
    bind(a.deletePhoto, (p, ctx) => edits.remove(me(ctx), p)),
    bind(a.createAlbum, (p, ctx) => edits.createAlbum(me(ctx), p)),
    bind(a.editAlbum, (p, ctx) => edits.editAlbum(me(ctx), p)),
    bind(a.deleteAlbum, (p, ctx) => albums.deleteAlbum(me(ctx), p)),
    bind(a.reorderAlbums, (p, ctx) => albums.reorderAlbums(me(ctx), p)),
    bind(a.unlockBackstage, (p, ctx) => unlocks.unlock(me(ctx), p)),
    bind(a.lockBackstage, (p, ctx) => unlocks.lock(me(ctx), p)),
    bind(a.getBackstageUnlocks, (p, ctx) => unlocks.list(me(ctx), p)),
    bind(a.reportPhoto, (p, ctx) => moderation.report(me(ctx), p)),
    bind(a.moderatePhoto, (p, ctx) => moderation.moderate(me(ctx), p)),
    bind(a.allowNSFW, (_p, ctx) => moderation.allowNsfw(me(ctx))),
    bind(api.people.setBackgroundPhoto, (p, ctx) => setBackground(me(ctx), p)),
  ];
}
