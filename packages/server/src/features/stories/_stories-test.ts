import fs from 'node:fs';
import { api, type Story } from '@tertulia/contract';
import { postMultipart } from '../../../tests/_social';
import type { Client } from '../../../tests/_util';
import { testVideos } from '../../media/video/test-videos';

/** Test steps for stories: upload a generated video and wait for the pipeline. */
export async function upload(
  client: Client,
  data = fs.readFileSync(testVideos.silentMp4()),
  name = 'clip.mp4',
) {
  return postMultipart(client, api.story.uploadStory, {}, { field: 'video', data, type: 'video/mp4', name });
}

export async function postStory(client: Client & { app: { close(): unknown } }, idle: () => Promise<void>) {
  const res = await upload(client);
  if (res.status !== 200) throw new Error(`upload -> ${res.status} ${JSON.stringify(res.body)}`);
  await idle();
  return (res.body.Story as Story[])[0];
}
