// @vitest-environment jsdom
import { api, type FeedEvent, type User } from '@tertulia/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushDispatcher } from '../../api/dispatcher';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ana: User = { uid: 5, name: 'ana', age: 30 };
const leo: User = { uid: 9, name: 'leo' };

const status = (id: number, who: User, text: string, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  id,
  type: 1,
  userId: who.uid,
  postId: id,
  creationTime: 1_700_000_000_000 + id * 1000,
  user: who,
  status: { id, status: text, userId: who.uid },
  likeType: 1,
  likeItemId: id,
  likeCount: 0,
  liked: false,
  commentCount: 0,
  comments: [],
  commentable: true,
  deletable: who.uid === ana.uid,
  seen: true,
  cursor: String(id),
  ...extra,
});

type Route = Parameters<typeof fakeApi>[0][string];
const ok =
  (body: unknown): Route =>
  () => ({ status: 200, body });

function server(
  options: { filter?: number; events?: () => FeedEvent[]; routes?: Record<string, Route> } = {},
) {
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [ana] }),
    [api.feed.getFeedSettings.path]: ok({
      FeedSettings: [{ filter: options.filter ?? 1, allowNSFW: false, unreadNotifications: 0 }],
    }),
    [api.feed.getEvents.path]: () => ({ status: 200, body: { FeedEvent: options.events?.() ?? [] } }),
    [api.user.setFeedFilter.path]: ok({ Boolean: [true] }),
    [api.feed.storeSeenEvents.path]: ok({ Boolean: [true] }),
    ...options.routes,
  });
}

const feedCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.path === api.feed.getEvents.path).map((c) => c.url.searchParams.get('filter'));

const items = () => screen.queryAllByTestId('feed-item');
/** The feed is a lazy chunk: the first render may take a while on a busy machine. */
const LOAD = { timeout: 5000 };

describe('home feed', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens on the remembered filter and remembers a new choice with setFeedFilter', async () => {
    const calls = server({ filter: 3, events: () => [status(1, leo, 'hola')] });
    renderApp('/html/index.jsp');
    const friends = await screen.findByRole('tab', { name: 'Amigos' }, LOAD);
    await waitFor(() => expect(friends.getAttribute('aria-selected')).toBe('true'), LOAD);
    await screen.findByText('hola', {}, LOAD);
    expect(feedCalls(calls)).toEqual(['3']);

    fireEvent.click(screen.getByRole('tab', { name: 'Tendencias' }));
    expect(screen.getByRole('tab', { name: 'Tendencias' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(feedCalls(calls)).toEqual(['3', '5']));
    const remember = calls.find((c) => c.path === api.user.setFeedFilter.path)!;
    expect(remember.init.method).toBe('POST');
    expect(JSON.parse(remember.init.body as string)).toEqual({ filter: 5 });
  });

  it('a failed like puts the button and the count back', async () => {
    const calls = server({
      events: () => [status(1, leo, 'hola', { likeCount: 2 })],
      routes: {
        [api.user.like.path]: () => ({
          status: 500,
          body: { message: 'Hubo un problema', ApiInternalException: {} },
        }),
      },
    });
    renderApp('/html/index.jsp');
    const item = (await screen.findAllByTestId('feed-item', {}, LOAD))[0];
    const like = within(item).getByRole('button', { name: /Me gusta/ });
    expect(within(like).getByTestId('like-count').textContent).toBe('2');
    fireEvent.click(like);
    // At once: liked, three.
    expect(like.hasAttribute('data-active')).toBe(true);
    expect(within(like).getByTestId('like-count').textContent).toBe('3');
    // The server refuses: back to two, not liked, and the error is told.
    await waitFor(() => expect(like.hasAttribute('data-active')).toBe(false));
    expect(within(like).getByTestId('like-count').textContent).toBe('2');
    const sent = calls.find((c) => c.path === api.user.like.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({ type: 1, itemId: 1, authorUserId: leo.uid });
    expect((await screen.findByTestId('toast')).textContent).toContain('Hubo un problema');
  });

  it('a liked item that the server confirms keeps its new count', async () => {
    server({
      events: () => [status(1, leo, 'hola', { likeCount: 2 })],
      routes: { [api.user.like.path]: ok({ Integer: [7] }) },
    });
    renderApp('/html/index.jsp');
    const item = (await screen.findAllByTestId('feed-item', {}, LOAD))[0];
    fireEvent.click(within(item).getByRole('button', { name: /Me gusta/ }));
    await waitFor(() => expect(within(item).getByTestId('like-count').textContent).toBe('7'));
  });

  it('a feedEvent push shows "1 publicación nueva"; the pill puts it on top', async () => {
    let events = [status(1, leo, 'primero')];
    server({ events: () => events });
    renderApp('/html/index.jsp');
    await screen.findByText('primero', {}, LOAD);
    expect(screen.queryByTestId('new-posts')).toBeNull();

    events = [status(2, leo, 'segundo'), ...events];
    act(() => pushDispatcher.dispatch({ type: 'feedEvent', eventId: 2, eventType: 1, userId: leo.uid }));
    const pill = await screen.findByTestId('new-posts', {}, { timeout: 4000 });
    expect(pill.textContent).toBe('1 publicación nueva');
    // Not in the list until the member asks for it.
    expect(screen.queryByText('segundo')).toBeNull();

    events = [status(3, leo, 'tercero'), ...events];
    act(() => pushDispatcher.dispatch({ type: 'feedEvent', eventId: 3, eventType: 1, userId: leo.uid }));
    await waitFor(() => expect(screen.getByTestId('new-posts').textContent).toBe('2 publicaciones nuevas'), {
      timeout: 4000,
    });

    fireEvent.click(screen.getByTestId('new-posts'));
    await screen.findByText('tercero');
    expect(items().map((i) => i.textContent?.match(/primero|segundo|tercero/)?.[0])).toEqual([
      'tercero',
      'segundo',
      'primero',
    ]);
    expect(screen.queryByTestId('new-posts')).toBeNull();
  });

  it('only the owner gets the delete button; deleting asks first, then removes the item', async () => {
    const calls = server({
      events: () => [status(2, ana, 'mío'), status(1, leo, 'suyo')],
      routes: { [api.feed.deleteEvent.path]: ok({ Boolean: [true] }) },
    });
    renderApp('/html/index.jsp');
    await screen.findByText('mío', {}, LOAD);
    const [mine, theirs] = items();
    expect(within(theirs).queryByRole('button', { name: 'Eliminar publicación' })).toBeNull();
    fireEvent.click(within(mine).getByRole('button', { name: 'Eliminar publicación' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar la publicación?' });
    expect(calls.some((c) => c.path === api.feed.deleteEvent.path)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('mío')).toBeNull());
    expect(screen.getByText('suyo')).toBeTruthy();
    const sent = calls.find((c) => c.path === api.feed.deleteEvent.path)!;
    expect(JSON.parse(sent.init.body as string)).toMatchObject({
      userId: ana.uid,
      postId: 2,
      type: 1,
      eventTimestamp: 1_700_000_002_000,
      eventId: 2,
    });
  });

  it('comments: the latest show, "see all" pages the rest, own ones can go, new ones are sent', async () => {
    const mineComment = { uid: 31, author: ana, message: 'mi comentario', creationtime: 1_700_000_000_000 };
    const theirs = { uid: 30, author: leo, message: 'otro comentario', creationtime: 1_700_000_000_000 };
    const calls = server({
      events: () => [status(1, leo, 'hola', { commentCount: 3, comments: [theirs, mineComment] })],
      routes: {
        [api.album.getPostComments.path]: ok({
          Comment: [{ uid: 29, author: leo, message: 'el primero' }, theirs, mineComment],
        }),
        [api.album.composeComment.path]: ok({ Comment: [{ uid: 32, author: ana, message: 'nuevo' }] }),
      },
    });
    renderApp('/html/index.jsp');
    await screen.findByText('mi comentario', {}, LOAD);
    const list = () => screen.getAllByTestId('comment');
    expect(list()).toHaveLength(2);
    // Only the caller's own comment offers delete (the post is someone else's).
    expect(within(list()[0]).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(within(list()[1]).getByRole('button', { name: 'Eliminar' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ver los 3 comentarios' }));
    await screen.findByText('el primero');
    expect(list()).toHaveLength(3);

    fireEvent.change(screen.getByRole('textbox', { name: 'Escribe un comentario' }), {
      target: { value: 'nuevo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls.some((c) => c.path === api.album.composeComment.path)).toBe(true));
    const sent = calls.find((c) => c.path === api.album.composeComment.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({
      isPhoto: false,
      postId: 1,
      authorUserId: leo.uid,
      message: 'nuevo',
    });
    // Counted at once, and the field is ready for the next one.
    await screen.findByText('4 comentarios');
    expect((screen.getByRole('textbox', { name: 'Escribe un comentario' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('the count line opens the likes list; the reactions sheet sends a like with the emoji', async () => {
    const calls = server({
      events: () => [status(1, leo, 'hola', { likeCount: 2, likes: [{ uid: 7, name: 'eva' }] })],
      routes: {
        [api.user.getItemLikes.path]: ok({
          User: [
            { uid: 7, name: 'eva' },
            { uid: 8, name: 'teo' },
          ],
        }),
        [api.user.like.path]: ok({ Integer: [3] }),
      },
    });
    renderApp('/html/index.jsp');
    const likedBy = await screen.findByTestId('liked-by', {}, LOAD);
    expect(likedBy.textContent).toContain('A eva y 1 más les gusta esto');
    fireEvent.click(likedBy);
    const dialog = await screen.findByRole('dialog', { name: 'Les gusta' }, LOAD);
    await waitFor(() => expect(within(dialog).getAllByTestId('liker')).toHaveLength(2));
    const asked = calls.find((c) => c.path === api.user.getItemLikes.path)!;
    expect(Object.fromEntries(asked.url.searchParams)).toMatchObject({
      type: '1',
      itemId: '1',
      authorUserId: '9',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Les gusta' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reaccionar' }));
    const sheet = await screen.findByRole('dialog', { name: 'Reacciones' }, LOAD);
    fireEvent.click(within(sheet).getByRole('button', { name: '😂' }));
    await waitFor(() => expect(calls.some((c) => c.path === api.user.like.path)).toBe(true));
    const sent = calls.find((c) => c.path === api.user.like.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({
      type: 1,
      itemId: 1,
      authorUserId: 9,
      content: '😂',
    });
    await waitFor(() =>
      expect(screen.getByTestId('liked-by').textContent).toContain('A ti y a 2 más les gusta esto'),
    );
  });

  it('the member’s own reaction shows as active from the feed answer, and another one replaces it', async () => {
    let liked = { liked: true, likeCount: 4, reaction: '😂' };
    const calls = server({
      events: () => [status(1, leo, 'hola', liked)],
      routes: {
        [api.user.like.path]: () => {
          liked = { ...liked, reaction: '😮' };
          return { status: 200, body: { Integer: [4] } };
        },
      },
    });
    renderApp('/html/index.jsp');
    const item = (await screen.findAllByTestId('feed-item', {}, LOAD))[0];
    // As after a reload: the reaction the member chose earlier comes with the item.
    const react = within(item).getByRole('button', { name: /Tu reacción/ });
    expect(react.getAttribute('aria-pressed')).toBe('true');
    expect(within(react).getByTestId('my-reaction').textContent).toBe('😂');
    const like = within(item).getByRole('button', { name: /Ya no me gusta/ });
    expect(like.hasAttribute('data-active')).toBe(true);
    expect(within(like).getByTestId('like-reaction').textContent).toBe('😂');

    fireEvent.click(react);
    const sheet = await screen.findByRole('dialog', { name: 'Reacciones' }, LOAD);
    fireEvent.click(within(sheet).getByRole('button', { name: '😮' }));
    await waitFor(() => expect(within(item).getByTestId('my-reaction').textContent).toBe('😮'));
    const sent = calls.filter((c) => c.path === api.user.like.path);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].init.body as string)).toMatchObject({ itemId: 1, content: '😮' });
    // Another reaction is not another like: the count stays.
    expect(within(like).getByTestId('like-count').textContent).toBe('4');
    expect(within(like).getByTestId('like-reaction').textContent).toBe('😮');
  });

  it('a plain like shows the heart, and a reaction picked on an unliked item likes it with that emoji', async () => {
    server({
      events: () => [status(1, leo, 'hola', { likeCount: 0 })],
      routes: { [api.user.like.path]: ok({ Integer: [1] }) },
    });
    renderApp('/html/index.jsp');
    const item = (await screen.findAllByTestId('feed-item', {}, LOAD))[0];
    const react = within(item).getByRole('button', { name: 'Reaccionar' });
    expect(react.hasAttribute('aria-pressed')).toBe(false);
    fireEvent.click(react);
    const sheet = await screen.findByRole('dialog', { name: 'Reacciones' }, LOAD);
    fireEvent.click(within(sheet).getByRole('button', { name: '😢' }));
    await waitFor(() => expect(within(item).getByTestId('my-reaction').textContent).toBe('😢'));
    const like = within(item).getByRole('button', { name: /Ya no me gusta/ });
    expect(like.hasAttribute('data-active')).toBe(true);
    expect(within(like).getByTestId('like-count').textContent).toBe('1');
  });

  it('NSFW items stay hidden until the member opts in', async () => {
    const calls = server({
      events: () => [status(2, leo, 'sensible', { isNSFW: true }), status(1, leo, 'normal')],
      routes: { [api.feed.allowNSFW.path]: ok({ Boolean: [true] }) },
    });
    renderApp('/html/index.jsp');
    await screen.findByText('normal', {}, LOAD);
    expect(screen.queryByText('sensible')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mostrar contenido sensible' }));
    await screen.findByText('sensible');
    const sent = calls.find((c) => c.path === api.feed.allowNSFW.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({ filter: true });
  });

  it("stories have their own adult-content opt-in beside the feed's (story/allowNSFW.do)", async () => {
    let allowed = false;
    const calls = server({
      routes: {
        [api.story.getStorySettings.path]: () => ({
          status: 200,
          body: {
            StorySettings: [
              {
                tutorialCompleted: true,
                allowNSFW: allowed,
                waitTime: 0,
                maxSeconds: 30,
                videoAvailable: true,
              },
            ],
          },
        }),
        [api.story.allowNSFW.path]: () => {
          allowed = true;
          return { status: 200, body: { Boolean: [true] } };
        },
      },
    });
    renderApp('/html/index.jsp');
    const stories = await screen.findByRole('checkbox', { name: 'Mostrar historias para adultos' }, LOAD);
    await waitFor(() => expect((stories as HTMLInputElement).disabled).toBe(false), LOAD);
    fireEvent.click(stories);
    await waitFor(() => expect((stories as HTMLInputElement).checked).toBe(true));
    const sent = calls.find((c) => c.path === api.story.allowNSFW.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({ allow: true });
    expect(calls.some((c) => c.path === api.feed.allowNSFW.path)).toBe(false);
  });

  it('a member under 18 is offered neither opt-in', async () => {
    server({
      events: () => [status(1, leo, 'normal')],
      routes: { [api.user.getSessionUser.path]: ok({ User: [{ ...ana, age: 16 }] }) },
    });
    renderApp('/html/index.jsp');
    await screen.findByText('normal', {}, LOAD);
    expect(screen.queryByRole('checkbox', { name: 'Mostrar contenido sensible' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Mostrar historias para adultos' })).toBeNull();
  });

  it('unseen items are reported with storeSeenEvents', async () => {
    const calls = server({
      events: () => [status(2, leo, 'nuevo', { seen: false }), status(1, leo, 'visto')],
    });
    renderApp('/html/index.jsp');
    await screen.findByText('nuevo', {}, LOAD);
    await waitFor(() => expect(calls.some((c) => c.path === api.feed.storeSeenEvents.path)).toBe(true), {
      timeout: 4000,
    });
    const sent = calls.find((c) => c.path === api.feed.storeSeenEvents.path)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({ postIds: [2] });
  });
});
