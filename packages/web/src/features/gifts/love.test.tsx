// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, GiftSource, type User } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { keyOf, listQuery } from '../../api/query';
import { setLocale } from '../../i18n/i18n';
import { dialogs } from '../../ui/dialog/dialogStore';
import { registerVipPrompt } from '../../ui/member/vipPrompt';
import { sheets } from '../../ui/sheet/sheetStore';
import { toast } from '../../ui/toast/toastStore';
import { giftDialog, shareLoveDialog } from './dialogs';
import { GiftButton } from './GiftButton';
import LoveReceivedDialog from './LoveReceivedDialog';
import ShareLoveDialog from './ShareLoveDialog';

const ana: User = { uid: 7, name: 'ana', isFriend: true };
const LOVE_GONE = 'Love is going away. Send a Gift instead!';

/** Renders with a session (the member's premium features) and the answers the dialogs read, kept fresh. */
function withData(ui: ReactNode, o: { features?: string[]; config?: object; love?: number } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(sessionKey, { uid: 1, name: 'yo', premiumFeatures: o.features ?? [] });
  client.setQueryData(
    keyOf(api.premium.getPremiumFeatureConfiguration, { premiumFeature: 'SHARE_LOVE' }),
    o.config,
  );
  client.setQueryData(listQuery(api.gift.getAccount, {}).queryKey, [{ lovePoints: o.love ?? 0 }]);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const dialogControls = { close: () => {}, minimize: () => {}, key: 1 } as never;
const lastDialog = () => dialogs.getState().at(-1);

afterEach(async () => {
  cleanup();
  for (const d of dialogs.getState()) act(() => dialogs.close(d.key));
  toast.clear();
  await setLocale('es');
});

describe('the profile love button', () => {
  it('a member with SHARE_LOVE gets the share-love dialog, no prompt', () => {
    withData(<GiftButton user={ana} />, { features: ['SHARE_LOVE'] });
    fireEvent.click(screen.getByRole('button', { name: /Enviar amor/ }));
    expect(lastDialog()?.definition).toBe(shareLoveDialog);
    expect(lastDialog()?.props).toEqual({ userId: 7, userName: 'ana', isFriend: true });
    expect(toast.getState().current).toBeFalsy();
  });

  it('without it, the spec prompt shows and the gift dialog opens', () => {
    withData(<GiftButton user={{ ...ana, isFriend: false }} />, { features: ['NO_ADS'] });
    fireEvent.click(screen.getByRole('button', { name: /Enviar amor/ }));
    expect(toast.getState().current?.text).toBe(LOVE_GONE);
    expect(lastDialog()?.definition).toBe(giftDialog);
    expect(lastDialog()?.props).toEqual({ userId: 7, userName: 'ana', source: GiftSource.PROFILE });
  });
});

describe('the share-love dialog', () => {
  it('shows the love points and the shares left (usages_remaining)', () => {
    withData(<ShareLoveDialog userId={7} userName="ana" isFriend dialog={dialogControls} />, {
      config: { enabled: true, usages_remaining: 2, hours_to_send: 0 },
      love: 12,
    });
    expect(screen.getByText(/Tus puntos de amor: 12/)).toBeTruthy();
    expect(screen.getByTestId('love-usages').textContent).toBe(
      'Puedes compartir amor 2 veces más en estas 24 horas.',
    );
    expect(screen.getByRole('button', { name: /Compartir/ })).toBeTruthy();
  });

  it('with no shares left it says when (hours_to_send) and offers a gift instead', () => {
    withData(<ShareLoveDialog userId={7} userName="ana" isFriend dialog={dialogControls} />, {
      config: { enabled: true, usages_remaining: 0, hours_to_send: 3 },
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Ya compartiste amor 5 veces en 24 horas. Podrás volver a hacerlo en 3 h.',
    );
    expect(screen.queryByRole('button', { name: /Compartir/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Enviar un regalo/ }));
    expect(lastDialog()?.definition).toBe(giftDialog);
  });

  it('love goes to friends only', () => {
    withData(<ShareLoveDialog userId={7} userName="ana" isFriend={false} dialog={dialogControls} />, {
      config: { enabled: true, usages_remaining: 5, hours_to_send: 0 },
    });
    expect(screen.getByRole('status').textContent).toBe('Solo puedes compartir amor con tus amigos.');
    expect(screen.queryByRole('button', { name: /Compartir/ })).toBeNull();
  });
});

describe('the love-received dialog', () => {
  const props = { sender: { uid: 7, name: 'ana' }, amount: 1, lovePoints: 8, dialog: dialogControls };

  it('says who sent how much and the points now; love back with SHARE_LOVE', () => {
    withData(<LoveReceivedDialog {...props} />, { features: ['SHARE_LOVE'] });
    expect(screen.getByRole('heading', { name: '¡Has recibido amor!' })).toBeTruthy();
    expect(screen.getByText('ana te ha enviado 1 punto de amor.')).toBeTruthy();
    expect(screen.getByText('Ahora tienes 8 puntos de amor.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mi cuenta' }).getAttribute('href')).toBe(
      '/html/gifts/account.jsp',
    );
    fireEvent.click(screen.getByRole('button', { name: /Devolver amor/ }));
    expect(lastDialog()?.definition).toBe(shareLoveDialog);
    expect(lastDialog()?.props).toEqual({ userId: 7, userName: 'ana', isFriend: true });
  });

  it("without SHARE_LOVE, loving back is VIP's: its button opens the VIP sheet for love", async () => {
    registerVipPrompt(() => import('../premium/VipPrompt'));
    withData(<LoveReceivedDialog {...props} />);
    expect(screen.queryByRole('button', { name: /^❤ Devolver amor$/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '❤ Devolver amor (VIP)' }));
    await vi.waitFor(() => expect(sheets.getState().some((s) => s.options.id === 'vip-prompt')).toBe(true));
    const sheet = sheets.getState().find((s) => s.options.id === 'vip-prompt')!;
    expect(sheet.options.title).toBe('Compartir amor');
    act(() => sheets.close('vip-prompt'));
  });

  it('without SHARE_LOVE it offers a gift, in English too', async () => {
    await setLocale('en');
    withData(<LoveReceivedDialog {...props} amount={3} />);
    expect(screen.getByRole('heading', { name: 'You received love!' })).toBeTruthy();
    expect(screen.getByText('ana sent you 3 love points.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Send a gift/ }));
    expect(lastDialog()?.definition).toBe(giftDialog);
  });
});
