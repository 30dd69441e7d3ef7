// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query';
import { es } from '../../i18n/es';
import { fakeApi } from '../../testing/renderApp';
import { toast } from '../../ui/toast/toastStore';
import { composeProps } from './composeRoute';
import OfflineComposeDialog from './OfflineComposeDialog';

const MEMBERS: Record<string, number> = { ana: 11, leo: 12, sara: 13 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A field of a request body, however the client encoded it. */
function fieldOf(body: unknown, name: string): unknown {
  if (body instanceof FormData || body instanceof URLSearchParams) return body.get(name);
  const text = String(body);
  return text.startsWith('{') ? JSON.parse(text)[name] : new URLSearchParams(text).get(name);
}

function compose(destName: string) {
  const calls = fakeApi({
    [api.people.findUsersByName.path]: (url) => {
      const name = url.searchParams.get('name') ?? '';
      const uid = MEMBERS[name.toLowerCase()];
      return {
        status: 200,
        body: {
          ApiSearchResult: [{ searchResults: uid ? [{ uid, name }] : [], totalNumberResults: uid ? 1 : 0 }],
        },
      };
    },
    [api.messaging.sendOffline.path]: () => ({ status: 200, body: { Long: [1] } }),
  });
  const close = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OfflineComposeDialog
        dialog={{ close, minimize: () => {}, maximize: () => {}, minimized: false }}
        destName={destName}
      />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(es['offline.message']), { target: { value: 'Hola a todos' } });
  fireEvent.click(screen.getByRole('button', { name: es['offline.send'] }));
  const sentTo = () =>
    calls
      .filter((c) => c.path === api.messaging.sendOffline.path)
      .map((c) => Number(fieldOf(c.init.body, 'destId')));
  return { sentTo, close };
}

describe('offline-compose.jsp?destnames=', () => {
  it('takes every comma-separated name, each once', () => {
    const search = new URLSearchParams('destnames=ana,%20leo%20,,Ana,sara');
    expect(composeProps(search)).toEqual({ destId: undefined, destName: 'ana, leo, sara' });
    expect(composeProps(new URLSearchParams('destnames=leo'))).toEqual({
      destId: undefined,
      destName: 'leo',
    });
    expect(composeProps(new URLSearchParams('destid=12'))).toEqual({ destId: 12, destName: undefined });
  });

  it('sends the message to every member named', async () => {
    const success = vi.spyOn(toast, 'success');
    const { sentTo, close } = compose('ana, leo, sara');
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(sentTo().sort()).toEqual([11, 12, 13]);
    expect(success).toHaveBeenCalledWith('Se envió el mensaje a 3 miembros');
  });

  it('sends nothing while one name is nobody’s, and says which', async () => {
    const { sentTo, close } = compose('ana, nadie');
    expect(await screen.findByText('No encontramos a nadie llamado nadie. No se envió nada.')).toBeTruthy();
    expect(sentTo()).toEqual([]);
    expect(close).not.toHaveBeenCalled();
  });
});
