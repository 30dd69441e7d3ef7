// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverflowMenu, overflowItem } from './OverflowMenu';

function renderMenu(onInvite = vi.fn()) {
  render(
    <>
      <OverflowMenu label="Más acciones" testId="more">
        <button type="button" className={overflowItem} onClick={onInvite}>
          Invitar
        </button>
        <button type="button" className={overflowItem} disabled>
          Regalar
        </button>
        <a href="/leave" className={overflowItem} onClick={(e) => e.preventDefault()}>
          Dejar la conversación
        </a>
      </OverflowMenu>
      <button type="button">Fuera</button>
    </>,
  );
  return { more: screen.getByRole('button', { name: 'Más acciones' }), onInvite };
}

const focused = () => document.activeElement?.textContent;

describe('overflow menu', () => {
  afterEach(cleanup);

  it('is a named button with a tooltip whose panel is hidden until pressed', () => {
    const { more } = renderMenu();
    expect(more.getAttribute('title')).toBe('Más acciones');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Invitar' })).toBeNull();
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(more.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
  });

  it('opens on its first action; arrows skip disabled items and wrap, Home and End jump', () => {
    const { more } = renderMenu();
    fireEvent.click(more);
    expect(focused()).toBe('Invitar');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Dejar la conversación');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Invitar');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toBe('Dejar la conversación');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('Invitar');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('Dejar la conversación');
  });

  it('Escape closes it and gives the focus back to the button', () => {
    const { more } = renderMenu();
    fireEvent.click(more);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it('choosing an action runs it and closes the menu; a press outside closes it too', () => {
    const { more, onInvite } = renderMenu();
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'Invitar' }));
    expect(onInvite).toHaveBeenCalledOnce();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Fuera' }));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});
