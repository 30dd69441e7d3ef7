import type { Photo } from '@tertulia/contract';
import { declareDialog } from '../../ui/dialog/dialogStore';

/**
 * A photo chosen in the photo select dialog, with the fields the dialogs pass around: its post
 * id, author, album, the image the app shows and the original.
 */
export interface AttachedPhoto {
  postId: number;
  authorId: number;
  albumId: number;
  image: string;
  originalImage: string;
}

export const attachedOf = (photo: Photo): AttachedPhoto => ({
  postId: photo.uid,
  authorId: photo.ownerUser?.uid ?? 0,
  albumId: photo.albumId ?? 0,
  image: photo.image1 ?? '',
  originalImage: photo.origImage1 ?? photo.image1 ?? '',
});

/** Choose one of your photos, or upload one, to attach to a status, comment, guestbook entry or message. */
export interface PhotoSelectProps {
  onPick: (photo: AttachedPhoto) => void;
}
export const photoSelectDialog = declareDialog<PhotoSelectProps>();

/** The attached photo at a larger size. */
export interface PhotoViewProps {
  photo: AttachedPhoto;
}
export const photoViewDialog = declareDialog<PhotoViewProps>();

/** Why a photo is reported (album/reportPhoto.do's reason; the comment says more). */
export const PHOTO_REPORT_REASONS = [
  'nudity',
  'violence',
  'harassment',
  'spam',
  'copyright',
  'other',
] as const;

/** The spec's report-photo dialog: a reason and a comment for the moderators. */
export interface ReportPhotoProps {
  photoId: number;
  authorId: number;
}
export const reportPhotoDialog = declareDialog<ReportPhotoProps>();
