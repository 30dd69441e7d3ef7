import type { FeedEvent } from '@tertulia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  headlineKey,
  likeParams,
  mayDeleteComment,
  mayDeleteEvent,
  newItems,
  postOf,
  SeenQueue,
  sharePath,
  tabOf,
  unreadAfterPush,
  visibleEvents,
} from './rules';

const ev = (id: number, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  id,
  type: 1,
  userId: 9,
  creationTime: id * 1000,
  ...extra,
});

describe('feed rules', () => {
  afterEach(() => vi.useRealTimers());

  it('the remembered filter opens its tab; person (4) or nothing opens "all"', () => {
    expect(tabOf({ filter: 3 })).toBe(3);
    expect(tabOf({ filter: 5 })).toBe(5);
    expect(tabOf({ filter: 4 })).toBe(1);
    expect(tabOf(undefined)).toBe(1);
  });

  it('new items are those of a fresh first page the list lacks, newer than its top', () => {
    const shown = [ev(5), ev(4)];
    expect(newItems(shown, [ev(7), ev(6), ev(5), ev(4)]).map((e) => e.id)).toEqual([7, 6]);
    expect(newItems(shown, [ev(5), ev(4)])).toEqual([]);
    // An older item that only now became visible (a trending reshuffle) is not "new".
    expect(newItems(shown, [ev(5), ev(3)])).toEqual([]);
    expect(newItems([], [ev(1)]).map((e) => e.id)).toEqual([1]);
  });

  it('NSFW items are dropped unless allowed, and an id shows once', () => {
    const list = [ev(3, { isNSFW: true }), ev(2), ev(2), ev(1)];
    expect(visibleEvents(list, false).map((e) => e.id)).toEqual([2, 1]);
    expect(visibleEvents(list, true).map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('only the owner deletes an event (the server’s word first)', () => {
    expect(mayDeleteEvent(ev(1, { userId: 5 }), 5)).toBe(true);
    expect(mayDeleteEvent(ev(1, { userId: 9 }), 5)).toBe(false);
    expect(mayDeleteEvent(ev(1, { userId: 5, deletable: false }), 5)).toBe(false);
  });

  it('a comment goes by its author or the post’s author', () => {
    const comment = { uid: 1, author: { uid: 7 } };
    expect(mayDeleteComment(comment, { userId: 9 }, 7)).toBe(true);
    expect(mayDeleteComment(comment, { userId: 9 }, 9)).toBe(true);
    expect(mayDeleteComment(comment, { userId: 9 }, 5)).toBe(false);
    expect(mayDeleteComment({ ...comment, deletable: true }, { userId: 9 }, 5)).toBe(true);
  });

  it('likes go to the event’s item; comments to its status or photo', () => {
    expect(likeParams(ev(4, { likeType: 1, likeItemId: 12 }))).toEqual({
      type: 1,
      itemId: 12,
      authorUserId: 9,
    });
    expect(likeParams(ev(4))).toEqual({ type: 5, itemId: 4, authorUserId: 9 });
    expect(postOf(ev(4, { commentable: true, likeType: 1, status: { id: 12 } }))).toEqual({
      isPhoto: false,
      postId: 12,
      authorUserId: 9,
    });
    expect(postOf(ev(4, { commentable: true, likeType: 2, photo: { uid: 33 } }))).toEqual({
      isPhoto: true,
      postId: 33,
      authorUserId: 9,
    });
    expect(postOf(ev(4, { commentable: false, status: { id: 12 } }))).toBeNull();
  });

  it('a status shares its own page; other events the author’s profile', () => {
    expect(sharePath(ev(4, { status: { id: 12 } }))).toBe('/feed?status=12&u=9');
    expect(sharePath(ev(4, { type: 8 }))).toBe('/html/profile-view.jsp?user=9');
  });

  it('each type has its headline; families share one; the rest are generic', () => {
    expect(headlineKey(8)).toBe('feed.event.8');
    expect(headlineKey(21)).toBe('feed.event.21');
    expect(headlineKey(201)).toBe('feed.event.201');
    expect(headlineKey(11)).toBe('feed.event.2');
    expect(headlineKey(302)).toBe('feed.event.302');
    expect(headlineKey(1060)).toBe('feed.event.other');
  });

  it('the badge takes the pushed count, else adds one', () => {
    expect(unreadAfterPush(2, undefined)).toBe(3);
    expect(unreadAfterPush(undefined, undefined)).toBe(1);
    expect(unreadAfterPush(2, 7)).toBe(7);
  });

  it('seen ids go in one batch, each once', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => Promise.resolve());
    const queue = new SeenQueue(send, 1000);
    queue.add(1);
    queue.add(2);
    queue.add(1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledWith([1, 2]);
    queue.add(2);
    queue.add(3);
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenLastCalledWith([3]);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
