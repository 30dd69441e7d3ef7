import { onWriteSucceeded } from '../client';

/**
 * Told after every successful write: Web Push offers its dialog after a first message or request.
 * Apart from webPush.ts, so the watcher every page runs does not carry the area's calls.
 */
export const afterWrite = onWriteSucceeded;
