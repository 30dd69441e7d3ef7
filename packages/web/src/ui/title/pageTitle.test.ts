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
