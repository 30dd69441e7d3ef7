// @vitest-environment jsdom
import { api, type Notification } from '@tertulia/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_PAGE } from '../../api/areas/feed';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ok = (body: unknown) => () => ({ status: 200, body });
const notice = (id: number, read: boolean): Notification => ({
  id,
  kind: 'like',
  text: `aviso ${id}`,
  read,
  creationTime: Date.now() - (100 - id) * 60_000,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notifications page', () => {
  it('lists every notification newest first, page after page, and tells the server they were read', async () => {
    // Page 1: ids 60..41 (the newest, 41 unread); page 2: ids 40..38.
    const first = Array.from({ length: NOTIFICATIONS_PAGE }, (_, i) => notice(60 - i, i !== 19));
    const second = [notice(40, false), notice(39, true), notice(38, true)];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [{ uid: 10_001, name: 'ana' }] }),
      [api.user.getUnreadNotificationCount.path]: ok({ Integer: [2] }),
      [api.user.getNotifications.path]: (url) =>
        ok({ Notification: url.searchParams.get('page') === '2' ? second : first })(),
      [api.user.markNotificationsRead.path]: ok({ Integer: [0] }),
    });
    renderApp('/html/notifications.jsp');
    expect(await screen.findByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    await screen.findByText('aviso 38');
    const texts = screen.getAllByTestId('notification').map((n) => n.textContent ?? '');
    expect(texts[0]).toContain('aviso 60');
    expect(texts.at(-1)).toContain('aviso 38');
    expect(texts).toHaveLength(NOTIFICATIONS_PAGE + 3);
    const pages = calls
      .filter((c) => c.path === api.user.getNotifications.path)
      .map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(expect.arrayContaining(['1', '2']));
    await waitFor(() => {
      const marked = calls
        .filter((c) => c.path === api.user.markNotificationsRead.path)
        .flatMap((c) => JSON.parse(c.init.body as string).ids as number[]);
      expect(marked.sort()).toEqual([40, 41]);
    });
  });
});
