/**
 * Where a broadcast's video lives (docs/live.md, "Video path"). Viewers address it by the
 * broadcast id, `/media/live/<broadcastId>/<file>`; the media store keeps it under a name of its
 * own (store names are lower case, broadcast ids are base64url), so no store or instance path
 * ever reaches a viewer and any instance (or a CDN in front of them) answers the same address.
 */
export const LIVE_MEDIA_PATH = '/media/live';

/** The WebSocket a streamer's browser sends its recording to (wire format: docs/live.md). */
export const LIVE_INGEST_PATH = '/servlet/live/ingest';

export const PLAYLIST = 'index.m3u8';

/** A broadcast id as live/startBroadcast makes them: 12 random bytes in base64url. */
const BROADCAST_ID = /^[A-Za-z0-9_-]{16}$/;
/** Files of one ffmpeg run (a connection of the streamer): `<run>-init.mp4`, `<run>-<n>.m4s`. */
const SEGMENT = /^[0-9a-f]{8}-(init\.mp4|\d{5,7}\.m4s)$/;

export const isBroadcastId = (id: string) => BROADCAST_ID.test(id);

/** The store folder of a broadcast: `live/<hex of the id>/`. */
export const folderOf = (broadcastId: string) =>
  `live/${Buffer.from(broadcastId, 'base64url').toString('hex')}/`;

/** The store name of a file viewers may ask for, or undefined for any other file name. */
export function storeNameOf(broadcastId: string, file: string): string | undefined {
  if (!isBroadcastId(broadcastId)) return undefined;
  if (file !== PLAYLIST && !SEGMENT.test(file)) return undefined;
  return folderOf(broadcastId) + file;
}

/** The ingest's bookkeeping beside the files (never served: storeNameOf does not name it). */
export const stateNameOf = (broadcastId: string) => `${folderOf(broadcastId)}state.json`;

export const playlistUrl = (broadcastId: string) => `${LIVE_MEDIA_PATH}/${broadcastId}/${PLAYLIST}`;

export const contentTypeOf = (file: string) =>
  file.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : file.endsWith('.m4s')
      ? 'video/iso.segment'
      : 'video/mp4';
