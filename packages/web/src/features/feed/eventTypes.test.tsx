// @vitest-environment jsdom
import { api, type FeedEvent, FeedEventType, type User } from '@tertulia/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/i18n';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ana: User = { uid: 5, name: 'ana' };
const leo: User = { uid: 9, name: 'leo' };
const LOAD = { timeout: 5000 };

const event = (id: number, type: number, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  id,
  type,
  userId: leo.uid,
  creationTime: 1_700_000_000_000 + id * 1000,
  user: leo,
  properties: { source: { user: leo } },
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
const about = { properties: { source: { user: leo }, target: { user: ana } } };

const events: FeedEvent[] = [
  event(1, FeedEventType.BIRTHDAY),
  event(2, FeedEventType.NEW_USERS_NEAR_ME),
  event(3, FeedEventType.RELATIONSHIP_ACCEPTED, about),
  event(4, FeedEventType.LIKE_STATUS, {
    ...about,
    likeType: 1,
    status: { id: 40, status: 'Hoy hace sol', userId: ana.uid },
  }),
  event(5, FeedEventType.LIKE_PHOTO, about),
  event(6, FeedEventType.LIKE_COMMENT, about),
  event(7, FeedEventType.LIKE_EVENT, about),
  event(8, FeedEventType.REALTIME_CHAT, {
    properties: { source: { user: leo }, room: { id: 77, name: 'Tertulia de noche' } },
  }),
];

function server() {
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

/** The headline of each card, as its accessible name, in feed order. */
async function headlines() {
  await screen.findAllByTestId('feed-item', {}, LOAD);
  return screen.getAllByTestId('feed-item').map((item) => item.getAttribute('data-type'));
}
const card = (name: string) => screen.getByRole('article', { name });

describe('feed event types', () => {
  afterEach(async () => {
    cleanup();
    await setLocale('es');
  });

  it('draws each new type with its own words in Spanish', async () => {
    server();
    renderApp('/html/index.jsp');
    expect(await headlines()).toEqual(['3', '4', '9', '20', '21', '22', '23', '201']);
    card('leo cumple años hoy 🎂');
    card('leo acaba de unirse a Tertulia cerca de ti');
    card('leo y ana tienen una relación ❤️');
    const liked = card('A leo le gusta el estado de ana');
    expect(within(liked).getByText('Hoy hace sol')).toBeTruthy();
    card('A leo le gusta una foto de ana');
    card('A leo le gusta un comentario de ana');
    card('A leo le gusta una publicación de ana');
    const chatting = card('leo está chateando ahora en Tertulia de noche');
    expect(within(chatting).getByRole('link', { name: 'Tertulia de noche' }).getAttribute('href')).toBe(
      '/chat/room/77',
    );
    // The partners face to face, each a link to their profile.
    const pair = card('leo y ana tienen una relación ❤️');
    expect(within(pair).getAllByRole('link', { name: /ana/ }).length).toBeGreaterThan(0);
  });

  it('and in English', async () => {
    await setLocale('en');
    server();
    renderApp('/html/index.jsp');
    await headlines();
    card('It’s leo’s birthday today 🎂');
    card('leo just joined Tertulia near you');
    card('leo and ana are in a relationship ❤️');
    card('leo likes ana’s status');
    card('leo likes a photo by ana');
    card('leo likes a comment by ana');
    card('leo likes a post by ana');
    card('leo is chatting now in Tertulia de noche');
  });
});
