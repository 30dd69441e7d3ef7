// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatTitle, setPageTitle, setUnreadCount } from './pageTitle';

describe('page title', () => {
  it('shows the unread count in parentheses', () => {
    expect(formatTitle('Inicio', 0)).toBe('Inicio · Tertulia');
    expect(formatTitle('Inicio', 3)).toBe('(3) Inicio · Tertulia');
    expect(formatTitle(undefined, 12)).toBe('(12) Tertulia');
  });

  it('updates document.title as the count changes', () => {
    setPageTitle('Inicio');
    setUnreadCount(2);
    expect(document.title).toBe('(2) Inicio · Tertulia');
    setUnreadCount(0);
    expect(document.title).toBe('Inicio · Tertulia');
    setUnreadCount(-4);
    expect(document.title).toBe('Inicio · Tertulia');
  });
});

describe('app badge', () => {
  it('shows the unread count on the icon where the Badging API exists, and clears it at zero', async () => {
    const { applyAppBadge } = await import('./pageTitle');
    const calls: string[] = [];
    const nav = {
      setAppBadge: async (n: number) => void calls.push(`set ${n}`),
      clearAppBadge: async () => void calls.push('clear'),
    };
    applyAppBadge(3, nav);
    applyAppBadge(0, nav);
    expect(calls).toEqual(['set 3', 'clear']);
    // A browser without the API: nothing happens, nothing throws.
    expect(() => applyAppBadge(2, {})).not.toThrow();
  });
});
