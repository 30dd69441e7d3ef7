// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SheetHost from './SheetHost';
import { SHEET_HIDE_MS, SHEET_SHOW_DELAY_MS, SheetStore } from './sheetStore';

describe('<SheetHost>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a sheet with its actions; an action runs and the sheet goes away', () => {
    const store = new SheetStore();
    render(<SheetHost store={store} />);
    const onClick = vi.fn();
    act(() => {
      store.open({
        id: 'acciones',
        title: 'Acciones',
        className: 'extra',
        actions: [
          { text: 'Hacer algo', onClick },
          { text: 'Ayuda', href: '/ayuda', blank: true, round: true },
        ],
        burnAfterReading: true,
      });
    });
    expect(screen.queryByRole('dialog')).toBeNull(); // still offscreen
    act(() => vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS));
    const dialog = screen.getByRole('dialog', { name: 'Acciones' });
    expect(dialog.className).toContain('extra');
    const link = screen.getByRole('link', { name: 'Ayuda' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Hacer algo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(SHEET_HIDE_MS));
    expect(store.getState()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes it and the sheet is kept hidden', () => {
    const store = new SheetStore();
    render(<SheetHost store={store} />);
    act(() => {
      store.open({ id: 'idioma', title: 'Elige tu idioma', content: <p>Español</p> });
      vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    });
    const dialog = screen.getByRole('dialog', { name: 'Elige tu idioma' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(SHEET_HIDE_MS));
    expect(store.getState()[0].phase).toBe('hidden');
    expect(screen.queryByText('Español')).toBeNull();
  });
});
