import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, LikeItemType, type Story } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../packages/server/src/deps';
import { DEMO_PASSWORD } from './seed';

/** Who posts a demo story, what it says, and its look (an ffmpeg test source and a colour). */
export const DEMO_STORIES = [
  { name: 'mateo', text: 'Domingo de paella', source: 'testsrc2', tone: 330 },
  { name: 'valentina', text: 'Noche de juegos', source: 'smptebars', tone: 440 },
  { name: 'carlos', text: 'Ruta por la sierra', source: 'pal100bars', tone: 523 },
  { name: 'sofia', text: 'Mi primer concierto', source: 'rgbtestsrc', tone: 587 },
  { name: 'camila', text: 'Café y libros', source: 'testsrc', tone: 392 },
] as const;

/** Stories lucia has watched already: their rings show grey in her strip. */
export const DEMO_WATCHED_BY_LUCIA = ['carlos'];
/** Stories lucia liked: their authors see "1 me gusta" in their viewer, and a notice. */
export const DEMO_LIKED_BY_LUCIA = ['carlos'];

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** A 3-second portrait clip from an ffmpeg test source with the story's text on it. */
export function demoStoryVideo(story: (typeof DEMO_STORIES)[number], dir: string): string {
  const file = path.join(dir, `${story.name}.mp4`);
  const text = story.text.replace(/[:'\\]/g, ' ');
  const font = fs.existsSync(FONT) ? `fontfile=${FONT}:` : '';
  // biome-ignore format: ffmpeg's options read best in pairs
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `${story.source}=size=360x640:rate=24:duration=3`,
    '-f', 'lavfi', '-i', `sine=frequency=${story.tone}:duration=3`,
    '-vf', `drawtext=${font}text='${text}':fontcolor=white:fontsize=34:box=1:boxcolor=black@0.55:boxborderw=14:x=(w-tw)/2:y=h*0.7`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

async function login(app: FastifyInstance, name: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: api.profile.login.path,
    payload: { name, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`demo login ${name}: ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Demo stories through the real API and pipeline: each member in DEMO_STORIES posts a generated
 * clip (skipped when they still have a live story, so a restart adds none), lucia watches some
 * and likes one (liking again counts once).
 * Without ffmpeg the demo simply has no stories.
 */
export async function seedStoriesDemo(app: FastifyInstance, deps: Pick<Deps, 'video'>): Promise<number> {
  if (!deps.video.available) return 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-demo-stories-'));
  const posted: Record<string, Story> = {};
  try {
    for (const story of DEMO_STORIES) {
      const cookie = await login(app, story.name);
      const mine = await app.inject({
        method: 'GET',
        url: `${api.story.getAllStories.path}?limit=100`,
        headers: { cookie },
      });
      const live = (mine.json().Story as Story[]).find((s) => s.authorUser?.name === story.name);
      if (live) {
        posted[story.name] = live;
        continue;
      }
      const form = new FormData();
      const data = fs.readFileSync(demoStoryVideo(story, dir));
      form.append('video', new Blob([data], { type: 'video/mp4' }), `${story.name}.mp4`);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await app.inject({
        method: 'POST',
        url: api.story.uploadStory.path,
        headers: { cookie, 'content-type': request.headers.get('content-type') as string },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      if (res.statusCode !== 200) throw new Error(`demo story ${story.name}: ${res.body}`);
      posted[story.name] = (res.json().Story as Story[])[0];
    }
    await deps.video.queue.idle();
    const lucia = await login(app, 'lucia');
    for (const name of DEMO_WATCHED_BY_LUCIA) {
      const story = posted[name];
      if (!story?.authorUser) continue;
      await app.inject({
        method: 'POST',
        url: api.story.registerView.path,
        headers: { cookie: lucia },
        payload: { storyId: story.uid, authorUserId: story.authorUser.uid },
      });
    }
    for (const name of DEMO_LIKED_BY_LUCIA) {
      const story = posted[name];
      if (!story?.authorUser) continue;
      await app.inject({
        method: 'POST',
        url: api.user.like.path,
        headers: { cookie: lucia },
        payload: { type: LikeItemType.STORY, itemId: story.uid, authorUserId: story.authorUser.uid },
      });
    }
    return Object.keys(posted).length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
