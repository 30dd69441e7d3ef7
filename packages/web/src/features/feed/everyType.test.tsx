// @vitest-environment jsdom
import { api, type FeedEvent, FeedEventType, type User } from '@tertulia/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { feedEn as en } from '../../i18n/feed.en';
import { feedEs as es } from '../../i18n/feed.es';
import { setLocale } from '../../i18n/i18n';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { headlineKey } from './rules';

const ana: User = { uid: 5, name: 'ana' };
const leo: User = { uid: 9, name: 'leo' };
const LOAD = { timeout: 15_000 };
/** Every event type of the spec (the contract's enumeration), the ad slot aside (Feed.tsx draws it). */
const SPEC_TYPES = Object.values(FeedEventType).filter((type) => type !== FeedEventType.AD);

const event = (id: number, type: number, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  id,
  type,
  userId: leo.uid,
  creationTime: 1_700_000_000_000 + id * 1000,
  user: leo,
  properties: { source: { user: leo }, target: { user: ana } },
  likeType: 5,
  likeItemId: id,
  likeCount: 0,
  liked: false,
  commentCount: 0,
  comments: [],
  commentable: false,
  deletable: false,
  seen: true,
  cursor: String(id),
  ...extra,
});

function server(events: FeedEvent[]) {
  const ok = (body: unknown) => () => ({ status: 200, body });
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [ana] }),
    [api.feed.getFeedSettings.path]: ok({
      FeedSettings: [{ filter: 1, allowNSFW: false, unreadNotifications: 0 }],
    }),
    [api.feed.getEvents.path]: ok({ FeedEvent: events }),
    [api.feed.storeSeenEvents.path]: ok({ Boolean: [true] }),
  });
}

describe('every spec feed event type has its own line', () => {
  afterEach(async () => {
    cleanup();
    await setLocale('es');
  });

  it('no spec type falls back to the generic line, in either language', () => {
    for (const type of Object.values(FeedEventType)) {
      const key = headlineKey(type) as keyof typeof es;
      expect(key, `type ${type}`).not.toBe('feed.event.other');
      expect(es[key], `es ${key}`).toBeTruthy();
      expect(en[key], `en ${key}`).toBeTruthy();
    }
    expect(es['feed.event.5.contest']).toBeTruthy();
  });

  it('draws a card of every type without the generic line', async () => {
    server(SPEC_TYPES.map((type, i) => event(i + 1, type)));
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, LOAD);
    const types = screen.getAllByTestId('feed-item').map((item) => Number(item.getAttribute('data-type')));
    expect(types).toEqual(SPEC_TYPES);
    expect(screen.queryByText(/tiene novedades/)).toBeNull();
  });

  it('draws the badge, song, video and VIP cards with what they carry', async () => {
    server([
      event(1, FeedEventType.BADGE, { properties: { source: { user: leo }, badge: { kind: 'verified' } } }),
      event(2, FeedEventType.BADGE, {
        properties: {
          source: { user: leo },
          badge: { kind: 'contest', contestId: 12, name: 'Gran sorteo', place: 2 },
        },
      }),
      event(3, FeedEventType.SONG, {
        properties: { source: { user: leo }, media: { url: '/media/songs/3.m4a', title: 'Bésame mucho' } },
      }),
      event(4, FeedEventType.VIDEO, {
        properties: { source: { user: leo }, media: { url: '/media/v/4.mp4', poster: '/media/v/4.jpg' } },
      }),
      event(5, FeedEventType.PREMIUM_ACQUIRED),
    ]);
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, LOAD);
    const card = (name: string) => screen.getByRole('article', { name });
    expect(
      within(card('leo ya tiene la insignia de cuenta verificada ✔')).getByText('Cuenta verificada'),
    ).toBeTruthy();
    const contest = card('leo ganó un concurso 🏆');
    expect(
      within(contest).getByRole('link', { name: '2.º puesto en Gran sorteo' }).getAttribute('href'),
    ).toBe('/html/gifts/contest.jsp?contestId=12');
    const song = card('leo puso una canción en su perfil 🎵');
    expect(within(song).getByText('Bésame mucho')).toBeTruthy();
    expect(within(song).getByLabelText('Escuchar la canción de leo').getAttribute('src')).toBe(
      '/media/songs/3.m4a',
    );
    const video = within(card('leo puso un vídeo en su perfil 🎬')).getByTestId('feed-video');
    expect(video.getAttribute('poster')).toBe('/media/v/4.jpg');
    expect(within(card('leo se hizo VIP')).getByTestId('feed-vip')).toBeTruthy();
  });
});
