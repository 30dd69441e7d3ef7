// @vitest-environment jsdom
import { Star } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sheets } from '../../ui/sheet/sheetStore';
import { EphemeralButton } from './EphemeralButton';

const opened = vi.hoisted(() => [] as { definition: unknown; props: unknown }[]);
vi.mock('../../ui/dialog/dialogStore', async (original) => ({
  ...(await original<typeof import('../../ui/dialog/dialogStore')>()),
  openDialog: (definition: unknown, props: unknown) => opened.push({ definition, props }),
}));
const dialogs = await import('./dialogs');

afterEach(() => {
  cleanup();
  opened.length = 0;
  sheets.close('vip-prompt');
  vi.unstubAllGlobals();
});

const press = () => fireEvent.click(screen.getByTestId('ephemeral-button'));
const room = { conversationId: 5, type: 3 };

describe('the view-once button', () => {
  it('in a room: the VIP sheet for a non-VIP, the gag warning for a gagged VIP, else the dialog', () => {
    render(<EphemeralButton where={room} me={{ star: 0 }} />);
    press();
    expect(sheets.getState().some((s) => s.options.id === 'vip-prompt')).toBe(true);
    expect(opened).toEqual([]);
    cleanup();

    const until = Date.now() + 60_000;
    render(<EphemeralButton where={room} me={{ star: Star.VIP, vip: true }} gaggedUntil={until} />);
    press();
    expect(opened).toEqual([{ definition: dialogs.ephemeralGagDialog, props: { until } }]);
    cleanup();
    opened.length = 0;

    render(<EphemeralButton where={room} me={{ star: Star.VIP, vip: true }} gaggedUntil={Date.now() - 1} />);
    press();
    expect(opened).toEqual([{ definition: dialogs.ephemeralUploadDialog, props: { where: room } }]);
  });

  it('in a conversation anyone gets the dialog; without FormData the fallback', () => {
    const where = { conversationId: 9 };
    render(<EphemeralButton where={where} me={{ star: 0 }} />);
    press();
    expect(opened).toEqual([{ definition: dialogs.ephemeralUploadDialog, props: { where } }]);
    opened.length = 0;
    vi.stubGlobal('FormData', undefined);
    press();
    expect(opened).toEqual([{ definition: dialogs.ephemeralFallbackDialog, props: {} }]);
  });
});
