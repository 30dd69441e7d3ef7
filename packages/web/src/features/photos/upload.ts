import type { QueryClient } from '@tanstack/react-query';
import { PhotoLimits } from '@tertulia/contract';
import { invalidatePhotos, uploadPhotos } from '../../api/areas/photos';
import { t } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { resizeImage } from '../../ui/image/resize';
import { IMAGE_TYPES } from '../../ui/member/photoUpload';
import { toast } from '../../ui/toast/toastStore';
import './texts';

/** Files the picker or a drop gave us that look like images we take (the server checks content). */
export const imageFiles = (files: Iterable<File>) =>
  [...files].filter((f) => !f.type || (IMAGE_TYPES as readonly string[]).includes(f.type));

/**
 * Uploads several photos in one request: each resized in the browser first (max 1200 px; the
 * original kept when that is not smaller), with one progress toast that reads "Procesando" once
 * everything is sent and the server works.
 */
export async function uploadAlbumPhotos(
  picked: File[],
  options: { albumId?: number; albumName?: string },
  queryClient: QueryClient,
): Promise<boolean> {
  const files = imageFiles(picked);
  if (!files.length) {
    toast.error(t('upload.wrongType'));
    return false;
  }
  if (files.length > PhotoLimits.FILES_PER_UPLOAD) {
    toast.error(t('photos.tooMany', { max: PhotoLimits.FILES_PER_UPLOAD }));
    return false;
  }
  const progress = toast.progress(t('photos.uploading', { count: files.length }));
  try {
    const image = await Promise.all(
      files.map(async (file) => {
        const resized = await resizeImage(file);
        return resized instanceof File
          ? resized
          : new File([resized], file.name, { type: resized.type || file.type });
      }),
    );
    await uploadPhotos({ image, ...options }, (percent) => progress.update(percent));
    progress.close();
    await invalidatePhotos(queryClient);
    toast.success(t('photos.uploaded', { count: files.length }));
    return true;
  } catch (error) {
    progress.close();
    handleError(error);
    return false;
  }
}
