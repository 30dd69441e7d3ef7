// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorFrom } from '../../api/errors';
import { handleError } from '../errors/handleError';
import { confirm } from './confirm';
import { DialogFrame } from './DialogFrame';
import { DialogHost } from './DialogHost';
import { type DialogComponentProps, DialogStore, defineDialog, dialogs } from './dialogStore';

function Chat({ dialog, who }: DialogComponentProps<{ who: string }>) {
  return (
    <DialogFrame title={who} dialog={dialog} minimizable>
      <p>{`conversación con ${who}`}</p>
    </DialogFrame>
  );
}

describe('<DialogHost>', () => {
  afterEach(() => {
    cleanup();
    for (const open of dialogs.getState()) dialogs.close(open.key);
  });

  it('renders a lazily loaded dialog once its chunk arrives, with minimize and maximize', async () => {
    const store = new DialogStore();
    render(<DialogHost store={store} />);
    const chat = defineDialog<{ who: string }>(() => Promise.resolve({ default: Chat }));
    act(() => {
      store.open(chat, { who: 'Ana' });
    });
    expect(screen.getByRole('status').textContent).toBe('Cargando…');
    expect(await screen.findByText('conversación con Ana')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Minimizar' }));
    expect(screen.queryByText('conversación con Ana')).toBeNull();
    const tab = screen.getByRole('button', { name: 'Maximizar: Ana' });
    expect(screen.getByRole('region', { name: 'Ventanas minimizadas' }).contains(tab)).toBe(true);
    fireEvent.click(tab);
    expect(screen.getByText('conversación con Ana')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(store.getState()).toEqual([]);
  });

  it('verification required: "Verificar ahora" leads to the verification page', async () => {
    render(<DialogHost />);
    const navigate = vi.fn();
    act(() =>
      handleError(
        apiErrorFrom(403, {
          message: 'Verifica tu cuenta para enviar mensajes',
          ApiVerificationRequiredException: {},
        }),
        {
          toast: { error: vi.fn() },
          confirm,
          navigate,
        },
      ),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Verifica tu cuenta' });
    expect(dialog.textContent).toContain('Verifica tu cuenta para enviar mensajes');
    fireEvent.click(screen.getByRole('button', { name: 'Tal vez más tarde' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() =>
      handleError(apiErrorFrom(403, { ApiVerificationRequiredException: {} }), {
        toast: { error: vi.fn() },
        confirm,
        navigate,
      }),
    );
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar ahora' }));
    expect(navigate).toHaveBeenCalledWith('/link/profile-verify.jsp');
  });
});
