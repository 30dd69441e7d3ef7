import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Album } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import {
  createAlbum,
  deleteAlbum,
  invalidatePhotos,
  renameAlbum,
  reorderAlbums,
} from '../../api/areas/photos';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { fieldStyles } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import styles from './Manage.module.css';
import './texts';

/**
 * The owner's album management on their album page: make an album (or the backstage one), rename,
 * move up or down (the whole order is saved at once) and delete one with its photos.
 */
export function AlbumManager({
  albums,
  onDeleted,
}: {
  albums: Album[];
  onDeleted: (albumId: number) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const done = (text: string) => async () => {
    await invalidatePhotos(queryClient);
    toast.success(text);
  };
  const create = useMutation({
    // The backstage album keeps the server's own name for it.
    mutationFn: (backstage: boolean) =>
      backstage ? createAlbum('Backstage', true) : createAlbum(name.trim()),
    onSuccess: async () => {
      setName('');
      await done(t('photos.albumCreated'))();
    },
  });
  const move = useMutation({
    mutationFn: ({ index, by }: { index: number; by: -1 | 1 }) => {
      const ids = albums.map((a) => a.id);
      [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
      return reorderAlbums(ids);
    },
    onSuccess: done(t('photos.orderSaved')),
  });
  const remove = useMutation({
    mutationFn: (album: Album) => deleteAlbum(album.id),
    onSuccess: async (_ok, album) => {
      onDeleted(album.id);
      await done(t('photos.albumDeleted'))();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(false);
  };
  const busy = move.isPending || remove.isPending;

  return (
    <section className={styles.manager} aria-label={t('photos.manage')} data-testid="album-manager">
      <ol className={styles.list}>
        {albums.map((album, index) => (
          <li key={album.id} className={styles.row} data-testid="album-row">
            <RenameField album={album} />
            <span className={styles.count}>{album.size ?? 0}</span>
            <Button
              variant="ghost"
              disabled={busy || index === 0}
              onClick={() => move.mutate({ index, by: -1 })}
              aria-label={t('photos.moveUp', { name: album.name ?? '' })}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              disabled={busy || index === albums.length - 1}
              onClick={() => move.mutate({ index, by: 1 })}
              aria-label={t('photos.moveDown', { name: album.name ?? '' })}
            >
              ↓
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              aria-label={t('photos.albumDelete', { name: album.name ?? '' })}
              onClick={() =>
                confirm({
                  title: t('photos.albumDeleteTitle', { name: album.name ?? '' }),
                  body: t('photos.albumDeleteBody', { count: album.size ?? 0 }),
                  confirmText: t('photos.albumDelete', { name: album.name ?? '' }),
                  cancelText: t('dialog.cancel'),
                  onConfirm: () => remove.mutate(album),
                })
              }
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <form className={styles.create} onSubmit={submit}>
        <input
          className={fieldStyles.input}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('photos.albumName')}
          aria-label={t('photos.albumName')}
          data-testid="album-new-name"
        />
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          {t('photos.albumCreate')}
        </Button>
        {!albums.some((a) => a.backstage) && (
          <Button variant="secondary" disabled={create.isPending} onClick={() => create.mutate(true)}>
            {t('photos.backstageCreate')}
          </Button>
        )}
      </form>
    </section>
  );
}

/** An album's name, saved when changed (Enter or the button). */
function RenameField({ album }: { album: Album }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(album.name ?? '');
  const rename = useMutation({
    mutationFn: () => renameAlbum(album.id, value.trim()),
    onSuccess: async () => {
      await invalidatePhotos(queryClient);
      toast.success(t('photos.renamed'));
    },
  });
  const changed = value.trim() !== '' && value.trim() !== album.name;
  return (
    <form
      className={styles.rename}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) rename.mutate();
      }}
    >
      <input
        className={fieldStyles.input}
        value={value}
        maxLength={60}
        onChange={(e) => setValue(e.target.value)}
        aria-label={t('photos.renameLabel', { name: album.name ?? '' })}
        data-testid="album-rename"
      />
      {changed && (
        <Button type="submit" variant="secondary" disabled={rename.isPending}>
          {t('photos.rename')}
        </Button>
      )}
    </form>
  );
}
