// @vitest-environment jsdom
import { type FeedEvent, FeedEventType } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../ui/dialog/dialogStore';
import { setNavigator } from '../../ui/navigation';
import SheetHost from '../../ui/sheet/SheetHost';
import { SHEET_SHOW_DELAY_MS, sheets } from '../../ui/sheet/sheetStore';
import { AD_AFTER, withAdSlot } from '../feed/rules';
import { vipPurchaseDialog } from './dialogs';
import { campaignText } from './perks';
import { vipPagePath } from './rules';
import { openVipPrompt } from './VipPrompt';

describe('the VIP prompt sheet (reusable by reason)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    act(() => sheets.close('vip-prompt'));
  });

  it('"ephemeral" is the VIP ephemeral sheet: its words, the perks, and the VIP page with the reason as campaign', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    render(<SheetHost />);
    act(() => openVipPrompt('ephemeral'));
    act(() => vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS));
    const sheet = screen.getByRole('dialog', { name: 'Fotos efímeras: solo VIP' });
    expect(sheet.textContent).toContain('solo los miembros VIP pueden enviar fotos efímeras');
    expect(sheet.textContent).toContain('Sin anuncios en toda Tertulia');
    // No trial offered unless the member still has it.
    expect(screen.queryByRole('button', { name: 'Prueba VIP gratis' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver VIP' }));
    expect(navigate).toHaveBeenCalledWith('/html/gold/vip.jsp?utm_campaign=ephemeral');
  });

  it('"upgrade" asks "¿Quieres ver más?" and offers the trial to a member who has not used it', () => {
    render(<SheetHost />);
    act(() => openVipPrompt('upgrade', { trialAvailable: true }));
    act(() => vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS));
    expect(screen.getByRole('dialog', { name: '¿Quieres ver más?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prueba VIP gratis' })).toBeTruthy();
    // "Hazte VIP" opens the VIP purchase dialog with the reason as its campaign.
    fireEvent.click(screen.getByRole('button', { name: 'Hazte VIP' }));
    const open = dialogs.getState().at(-1);
    expect(open?.definition).toBe(vipPurchaseDialog);
    expect(open?.props).toEqual({ campaign: 'upgrade' });
    act(() => dialogs.close(open!.key));
  });
});

describe('VIP page campaign and the in-feed ad slot', () => {
  it('knows the received-gift campaign and ignores unknown ones', () => {
    expect(campaignText('gift_received_helper')).toBe('vip.campaign.gift_received_helper');
    expect(campaignText('<script>')).toBeUndefined();
    expect(vipPagePath('a b')).toBe('/html/gold/vip.jsp?utm_campaign=a%20b');
  });

  it('puts one ad slot after the third event, after the last of fewer, and none without ads', () => {
    const events = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: i + 1, type: FeedEventType.STATUS_UPDATE }) as FeedEvent);
    const five = withAdSlot(events(5), true);
    expect(five.map((e) => e.type === FeedEventType.AD)).toEqual([false, false, false, true, false, false]);
    expect(five[AD_AFTER].id).toBe(-FeedEventType.AD);
    expect(withAdSlot(events(2), true).at(-1)?.type).toBe(FeedEventType.AD);
    expect(withAdSlot(events(5), false)).toHaveLength(5);
    expect(withAdSlot([], true)).toHaveLength(0);
  });
});
