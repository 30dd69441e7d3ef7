import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Photo, PhotoPrivacy } from '@tertulia/contract';
import { useNavigate } from 'react-router';
import {
  deletePhoto,
  editPhoto,
  invalidatePhotos,
  moveToAlbum,
  rotatePhoto,
  useAlbums,
} from '../../api/areas/photos';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';
import styles from './Photos.module.css';
import './texts';

const PRIVACIES = [PhotoPrivacy.PUBLIC, PhotoPrivacy.FRIENDS, PhotoPrivacy.PRIVATE];

/** The owner's controls on the photo page: who may see it, its album, rotate, delete. */
export function OwnerTools({ photo }: { photo: Photo }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = () => invalidatePhotos(queryClient);
  const privacy = useMutation({
    mutationFn: (value: number) => editPhoto({ postId: photo.uid, privacy: value }),
    onSuccess: async () => {
      await done();
      toast.success(t('photos.saved'));
    },
  });
  // Move to another of the owner's albums (by name, as editPost takes it).
  const albums = useAlbums(photo.ownerUser?.uid ?? 0).data ?? [];
  const move = useMutation({
    mutationFn: (name: string) => moveToAlbum(photo.uid, name),
    onSuccess: async (_photo, name) => {
      await done();
      toast.success(t('photos.moved', { name }));
    },
  });
  const rotate = useMutation({
    mutationFn: () => rotatePhoto(photo.uid, true),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => deletePhoto(photo.uid),
    onSuccess: async () => {
      toast.success(t('photos.deleted'));
      const next = photo.nextPostId ?? photo.previousPostId;
      navigate(
        next ? PATHS.photo(next, photo.ownerUser?.uid ?? 0) : PATHS.albums(photo.ownerUser?.uid ?? 0),
        {
          replace: true,
        },
      );
      await done();
    },
  });

  return (
    <div className={styles.tools} data-testid="photo-owner-tools">
      <label>
        {t('photos.privacy')}{' '}
        <select
          value={photo.privacy ?? PhotoPrivacy.PUBLIC}
          onChange={(e) => privacy.mutate(Number(e.target.value))}
          disabled={privacy.isPending}
          data-testid="photo-privacy"
        >
          {PRIVACIES.map((p) => (
            <option key={p} value={p}>
              {t(`photos.privacy.${p}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      {albums.length > 1 && (
        <label>
          {t('photos.moveTo')}{' '}
          <select
            value={photo.albumName ?? ''}
            onChange={(e) => move.mutate(e.target.value)}
            disabled={move.isPending}
            data-testid="photo-album"
          >
            {albums.map((a) => (
              <option key={a.id} value={a.name}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <Button variant="secondary" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        {t('photos.rotate')}
      </Button>
      <Button
        variant="ghost"
        onClick={() =>
          confirm({
            title: t('photos.deleteTitle'),
            body: t('photos.deleteBody'),
            confirmText: t('photos.delete'),
            cancelText: t('dialog.cancel'),
            onConfirm: () => remove.mutate(),
          })
        }
      >
        {t('photos.delete')}
      </Button>
    </div>
  );
}
