// @vitest-environment jsdom
import { api, type FeedEvent, FeedEventType, type User } from '@tertulia/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/i18n';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ana: User = { uid: 5, name: 'ana' };
const leo: User = { uid: 9, name: 'leo' };
const game = { id: 1, name: 'Toca rápido' };

const event = (id: number, type: number, gameText: string): FeedEvent => ({
  id,
  type,
  userId: leo.uid,
  creationTime: 1_700_000_000_000 + id * 1000,
  user: leo,
  properties: { source: { user: leo }, game, gameText },
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
});

function server() {
  const ok = (body: unknown) => () => ({ status: 200, body });
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [ana] }),
    [api.feed.getFeedSettings.path]: ok({
      FeedSettings: [{ filter: 1, allowNSFW: false, unreadNotifications: 0 }],
    }),
    [api.feed.getEvents.path]: ok({
      FeedEvent: [
        event(1, FeedEventType.GAME_100, '¡Hola!'),
        event(2, FeedEventType.GAME_101, '1.340 puntos'),
        event(3, FeedEventType.GAME_102, 'Nivel 4'),
        event(4, FeedEventType.GAME_103, 'Trofeo de oro'),
        event(5, FeedEventType.REALTIME_GAME, 'Partida en curso'),
      ],
    }),
    [api.feed.storeSeenEvents.path]: ok({ Boolean: [true] }),
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('game events in the feed (100-103, 202)', () => {
  afterEach(async () => {
    cleanup();
    await setLocale('es');
  });

  it('name the game with a link to it, show what the game said, and offer to play', async () => {
    server();
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('feed-item').map((i) => i.getAttribute('data-type'))).toEqual([
      '100',
      '101',
      '102',
      '103',
      '202',
    ]);
    card('leo empezó a jugar a Toca rápido');
    card('leo subió de nivel en Toca rápido');
    card('leo logró un trofeo en Toca rápido');
    card('leo está jugando ahora a Toca rápido');
    const scored = card('leo consiguió una puntuación nueva en Toca rápido');
    expect(within(scored).getByText('1.340 puntos')).toBeTruthy();
    expect(within(scored).getByRole('link', { name: 'Toca rápido' }).getAttribute('href')).toBe(
      '/games?gid=1',
    );
    expect(within(scored).getByRole('link', { name: /Jugar/ }).getAttribute('href')).toBe('/games?gid=1');
  });

  it('and in English', async () => {
    await setLocale('en');
    server();
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, { timeout: 5000 });
    card('leo started playing Toca rápido');
    card('leo got a new score in Toca rápido');
    card('leo is playing Toca rápido now');
    expect(within(card('leo won a trophy in Toca rápido')).getByRole('link', { name: /Play/ })).toBeTruthy();
  });
});
