import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { QUEUED, stamp, withBrowser } from './journey';
import { befriend, connectedPage, type Member, register } from './members';

withBrowser();

const dir = mkdtempSync(join(tmpdir(), 'profile-media-e2e-'));
/** ffmpeg-made files, like a member's: a 3-second MP3 and a 2-second clip. */
function files() {
  const song = join(dir, 'cancion.mp3');
  const clip = join(dir, 'clip.mp4');
  // biome-ignore format: option pairs
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'libmp3lame', song]);
  // biome-ignore format: option pairs
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  return { song, clip };
}

/** The profile song and video (docs/profile-media.md): set on one's profile, seen by a friend. */
describe('profile song and video journey', () => {
  let ana: Member;
  let beto: Member;

  beforeAll(async () => {
    ana = await register(`anam${stamp}`, 'f', { year: 1990, month: 3, day: 9 });
    beto = await register(`betom${stamp}`, 'm', { year: 1989, month: 8, day: 1 });
    await befriend(beto, ana);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A sets a song with its title and a video; both play on her profile', async () => {
    const { song, clip } = files();
    const page = await connectedPage(ana, `/html/profile-view.jsp?user=${ana.uid}`, true);
    const media = page.getByTestId('profile-media');
    await media.waitFor(QUEUED);
    await media.getByLabel('Título de la canción (opcional)').fill('Mi canción de prueba');
    await page.getByTestId('profile-song-file').setInputFiles(song);
    await media.getByTestId('profile-song').waitFor(QUEUED);
    await page.getByTestId('profile-video-file').setInputFiles(clip);
    await media.getByTestId('profile-video').waitFor(QUEUED);
    await media.getByTestId('profile-media-processing').waitFor({ state: 'detached', ...QUEUED });
    expect(await media.getByTestId('profile-song').textContent()).toContain('Mi canción de prueba');
    expect(await media.getByTestId('profile-video').getAttribute('poster')).toMatch(/^\/media\/img\//);
    await screenshot(page, 'profile-media-own-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'profile-media-own-phone');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('B, her friend, sees both in the feed and on her profile', async () => {
    const page = await connectedPage(beto, '/html/index.jsp');
    await page.getByTestId('feed-song').first().waitFor(QUEUED);
    await page.getByTestId('feed-video').first().waitFor(QUEUED);
    await screenshot(page, 'profile-media-feed-phone');
    await page.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    const media = page.getByTestId('profile-media');
    await media.getByTestId('profile-song').waitFor(QUEUED);
    const playable = await media
      .getByTestId('profile-song')
      .locator('audio')
      .evaluate((audio: HTMLAudioElement) => audio.canPlayType('audio/mp4'));
    expect(playable).not.toBe('');
    expect(await media.getByText('Cambiar la canción').count()).toBe(0);
    await screenshot(page, 'profile-media-friend-phone');
  });
});
