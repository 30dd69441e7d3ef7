import { useQuery } from '@tanstack/react-query';
import { api, type EphemeralItem } from '@tertulia/contract';
import { callOne } from '../client';
import { uploadWithProgress } from '../upload';

/** View-once photos and videos (docs/ephemeral.md): the item, opening it, time used, sending. */

const e = api.ephemeral;

export type EphemeralRef = { postId: number; authorId: number };
export type EphemeralWhere = { conversationId?: number; ownerId?: number; type?: number; targetId?: number };

export const ephemeralKey = (ref: EphemeralRef) => [e.getEphemeral.path, ref.postId, ref.authorId] as const;

export function useEphemeral(ref: EphemeralRef) {
  return useQuery({
    queryKey: ephemeralKey(ref),
    queryFn: ({ signal }) => callOne(e.getEphemeral, ref, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** Starts (or resumes) a look: the answer carries a link for this member, valid briefly. */
export const openEphemeral = (ref: EphemeralRef) => callOne(e.openEphemeral, ref);

/** Seconds looked so far; the server keeps the largest and ends the running look. */
export function reportViewTime(item: Pick<EphemeralItem, 'postId' | 'authorId' | 'kind'>, viewTime: number) {
  const endpoint = item.kind === 'video' ? e.updateEphemeralVideo : e.updateEphemeralPhoto;
  return callOne(endpoint, { postId: item.postId, authorId: item.authorId, viewTime });
}

export async function sendEphemeral(
  file: Blob,
  kind: 'photo' | 'video',
  where: EphemeralWhere,
  onProgress: (percent: number) => void,
): Promise<EphemeralItem> {
  const [item] =
    kind === 'video'
      ? await uploadWithProgress(e.uploadEphemeralVideo, { video: file, ...where }, onProgress)
      : await uploadWithProgress(e.uploadEphemeralPhoto, { image: file, ...where }, onProgress);
  return item as EphemeralItem;
}
