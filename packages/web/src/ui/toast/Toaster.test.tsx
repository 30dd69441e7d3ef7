// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { ToastQueue } from './toastStore';

function setup(queue: ToastQueue) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Toaster queue={queue} /> },
      { path: '/html/gifts/account.jsp', element: <p>regalos</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('<Toaster>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders the current toast and closes it with its close button', () => {
    const queue = new ToastQueue();
    setup(queue);
    act(() => {
      queue.success('Actualizaciones guardadas');
      queue.error('Otro');
    });
    expect(screen.getByText('Actualizaciones guardadas')).toBeTruthy();
    expect(screen.queryByText('Otro')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Actualizaciones guardadas')).toBeNull();
    expect(screen.getByText('Otro')).toBeTruthy();
    // Errors are announced assertively.
    expect(screen.getByRole('alert').textContent).toContain('Otro');
  });

  it('a click on a toast with a link navigates there', () => {
    const queue = new ToastQueue();
    const router = setup(queue);
    act(() => {
      queue.loveReceived('Te enviaron un regalo', { href: '/html/gifts/account.jsp' });
    });
    fireEvent.click(screen.getByText('Te enviaron un regalo'));
    expect(router.state.location.pathname).toBe('/html/gifts/account.jsp');
  });

  it('a progress toast shows its percent and then "Procesando"', () => {
    const queue = new ToastQueue();
    setup(queue);
    let handle!: ReturnType<ToastQueue['progress']>;
    act(() => {
      handle = queue.progress('Subiendo');
    });
    act(() => handle.update(30));
    expect(screen.getByText('30%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    act(() => handle.update(100));
    expect(screen.getByText('Procesando')).toBeTruthy();
    expect(screen.queryByText('Subiendo')).toBeNull();
  });
});
