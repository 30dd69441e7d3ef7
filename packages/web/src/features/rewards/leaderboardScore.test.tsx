// @vitest-environment jsdom
import { api, type User } from '@tertulia/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';

const me: User = { uid: 10_001, name: 'ana' };
const ok = (body: unknown) => () => ({ status: 200, body });
const LOAD = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('leaderboards page', () => {
  it("one's all-time score and rank show on the leaderboards (gift/getLeaderboardScore.do)", async () => {
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.rewards.getLeaderboard.path]: ok({ LeaderboardEntry: [] }),
      [api.rewards.getLimitedTimeLeaderboards.path]: ok({ Leaderboard: [] }),
      [api.rewards.getLeaderboardScore.path]: ok({ LeaderboardEntry: [{ user: me, score: 340, rank: 12 }] }),
    });
    renderApp('/html/gifts/leaderboards.jsp');
    const score = await screen.findByTestId('my-score', {}, LOAD);
    expect(score.textContent).toBe('Tus regalos enviados, desde siempre340 puntospuesto 12');
    await waitFor(() => {
      const asked = calls.find((c) => c.path === api.rewards.getLeaderboardScore.path)!;
      expect(asked.url.searchParams.get('userId')).toBe(String(me.uid));
      expect(asked.url.searchParams.get('type')).toBe('gifters');
    });
  });
});
