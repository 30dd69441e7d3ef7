// @vitest-environment jsdom
import { api, type User } from '@tertulia/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';

const songUrl = '/media/video/1/song_10050_0123456789abcdef.mp4';
const videoUrl = '/media/video/1/profilevideo_10050_0123456789abcdef.mp4';
const poster = '/media/img/aabbccddeeff00112233445566778899.jpg?w=720';
const ana: User = { uid: 10_001, name: 'ana' };
const leo: User = {
  uid: 10_050,
  name: 'leo',
  song: 'Bésame mucho',
  songUrl,
  profileVideo: { url: videoUrl, poster },
  // The spec's video status code stays a number beside the profile video.
  video: 0,
};

const ok = (body: unknown) => () => ({ status: 200, body });

function server(viewer: User, target: () => User) {
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [viewer] }),
    [api.people.getUserById.path]: () => ({ status: 200, body: { User: [target()] } }),
    [api.people.updateProfileVisit.path]: ok({ Boolean: [true] }),
    [api.people.removeProfileSong.path]: () => ({
      status: 200,
      body: { User: [{ ...target(), song: undefined, songUrl: undefined }] },
    }),
  });
}

/** The profile song and video on the profile page (docs/profile-media.md). */
describe('profile song and video', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("another member's profile plays the song (with its title) and shows the video with its poster", async () => {
    server(ana, () => leo);
    renderApp('/html/profile-view.jsp?user=10050');
    const media = await screen.findByTestId('profile-media', {}, { timeout: 8000 });
    const song = within(media).getByTestId('profile-song');
    expect(song.textContent).toContain('Bésame mucho');
    const audio = song.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(songUrl);
    expect(audio.getAttribute('aria-label')).toBe('Canción de leo');
    const video = within(media).getByTestId('profile-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(videoUrl);
    expect(video.getAttribute('poster')).toBe(poster);
    // Nothing to change on someone else's profile.
    expect(within(media).queryByText('Cambiar la canción')).toBeNull();
  });

  it('a profile without them shows no media section to others', async () => {
    server(ana, () => ({ uid: 10_050, name: 'leo', song: 'Solo el título' }));
    renderApp('/html/profile-view.jsp?user=10050');
    await screen.findByText('Solo el título', {}, { timeout: 8000 });
    expect(screen.queryByTestId('profile-media')).toBeNull();
  });

  it('on one’s own profile: processing, then change or remove', async () => {
    let me: User = {
      ...leo,
      songUrl: undefined,
      song: 'Nueva',
      songProcessing: true,
      profileVideoProcessing: false,
    };
    const calls = server(leo, () => me);
    renderApp('/html/profile-view.jsp?user=10050');
    const media = await screen.findByTestId('profile-media', {}, { timeout: 8000 });
    expect(within(media).getByTestId('profile-media-processing').textContent).toBe('Procesando…');
    // The server finishes: the next look finds the song ready.
    me = { ...leo, songProcessing: false, profileVideoProcessing: false };
    await waitFor(() => expect(within(media).queryByTestId('profile-song')).toBeTruthy(), { timeout: 8000 });
    expect(within(media).queryByTestId('profile-media-processing')).toBeNull();
    expect(within(media).getByText('Cambiar la canción')).toBeTruthy();
    expect(within(media).getByText('Cambiar el vídeo')).toBeTruthy();
    fireEvent.click(within(media).getByRole('button', { name: 'Quitar la canción' }));
    await waitFor(() => expect(within(media).queryByTestId('profile-song')).toBeNull());
    expect(calls.filter((c) => c.path === api.people.removeProfileSong.path)).toHaveLength(1);
    expect(within(media).getByTestId('profile-video')).toBeTruthy();
  });
});
