import type { QueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { userKey } from '../../api/areas/people';
import { sessionKey } from '../../api/areas/user';
import { uploadWithProgress } from '../../api/upload';
import { t } from '../../i18n/i18n';
import { handleError } from '../errors/handleError';
import { resizeImage } from '../image/resize';
import { toast } from '../toast/toastStore';

/** What the server accepts (by content; the picker filters by type so mistakes show early). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ProfileImageKind = 'photo' | 'background';

/**
 * Profile photo or background: resized in the browser (max 1200 px, the kit's rules), sent to
 * album/uploadPhoto.do with setProfilePic / setBgImage, with a progress toast that shows the
 * percent and then "Procesando" while the server works.
 */
export async function uploadProfileImage(
  file: File,
  kind: ProfileImageKind,
  owner: number,
  queryClient: QueryClient,
): Promise<boolean> {
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    toast.error(t('upload.wrongType'));
    return false;
  }
  const progress = toast.progress(kind === 'photo' ? t('upload.photo') : t('upload.background'));
  try {
    const resized = await resizeImage(file);
    const image =
      resized instanceof File ? resized : new File([resized], file.name, { type: resized.type || file.type });
    await uploadWithProgress(
      api.album.uploadPhoto,
      kind === 'photo' ? { image, setProfilePic: true } : { image, setBgImage: true },
      (percent) => progress.update(percent),
    );
    progress.close();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userKey(owner) }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ]);
    toast.success(kind === 'photo' ? t('upload.photoDone') : t('upload.backgroundDone'));
    return true;
  } catch (error) {
    progress.close();
    handleError(error);
    return false;
  }
}
