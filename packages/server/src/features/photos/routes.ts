import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { bind } from '../../http/contract-routes';
import { photoService } from './service';

export function photoRoutes(deps: Deps) {
  const photos = photoService(deps);
  return [
    bind(api.album.uploadPhoto, (p, ctx) => photos.upload(p, ctx)),
    bind(api.people.setBackgroundPhoto, (p, ctx) => photos.setBackground(p, ctx)),
  ];
}
