// @vitest-environment jsdom
import { api, type FeedEvent, FeedEventType, STREET_WARS_GID, type User } from '@tertulia/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/i18n';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ana: User = { uid: 5, name: 'ana' };
const leo: User = { uid: 9, name: 'leo' };
const game = { id: STREET_WARS_GID, name: 'Guerra de Calles', icon: '/games-builtin/calles/icon.svg' };

const event = (id: number, type: number): FeedEvent => ({
  id,
  type,
  userId: leo.uid,
  creationTime: 1_700_000_000_000 + id * 1000,
  user: leo,
  properties: { source: { user: leo }, target: { user: ana }, game },
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
        event(2, FeedEventType.STREET_WARS_BATTLE_WON),
        event(1, FeedEventType.STREET_WARS_BATTLE_JOINED),
      ],
    }),
    [api.feed.storeSeenEvents.path]: ok({ Boolean: [true] }),
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Guerra de Calles battles in the feed (1060, 1062)', () => {
  afterEach(async () => {
    cleanup();
    await setLocale('es');
  });

  it('say who fought whom, in which game, with a way in', { timeout: 30_000 }, async () => {
    server();
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, { timeout: 15_000 });
    const joined = card('leo se lanzó a las calles de ana en Guerra de Calles');
    expect(within(joined).getByRole('link', { name: 'ana' })).toBeTruthy();
    const won = card('leo ganó una batalla callejera contra ana en Guerra de Calles');
    expect(within(won).getByRole('link', { name: /Jugar/ }).getAttribute('href')).toBe('/games?gid=1000');
  });

  it('and in English', async () => {
    await setLocale('en');
    server();
    renderApp('/html/index.jsp');
    await screen.findAllByTestId('feed-item', {}, { timeout: 15_000 });
    card('leo took on the streets of ana in Guerra de Calles');
    card('leo won a street battle against ana in Guerra de Calles');
  });
});
