// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, createEvent, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query';
import { Composer as ChatComposer } from '../features/chat/Composer';
import { Composer as ImComposer } from '../features/messaging/Composer';
import OfflineComposeDialog from '../features/messaging/OfflineComposeDialog';
import { MessageForm } from '../features/people/MessageForm';
import { es } from '../i18n/es';
import { toast } from './toast/toastStore';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const dialog = { close: () => {}, minimize: () => {}, maximize: () => {}, minimized: false };
const INPUTS: [string, () => ReactNode][] = [
  ['chat room', () => <ChatComposer label="Escribe" onSend={async () => {}} />],
  ['IM window', () => <ImComposer onSend={() => {}} />],
  ['profile card message', () => <MessageForm target={{ uid: 3, name: 'leo' }} />],
  ['offline compose', () => <OfflineComposeDialog dialog={dialog} destName="leo" />],
];

/** Pastes `text` into the page's message box; true when the paste was stopped. */
function paste(text: string): boolean {
  // Dialogs render in a portal: the whole document is searched.
  const box = document.querySelector('textarea')!;
  const event = createEvent.paste(box, { clipboardData: { getData: () => text } });
  fireEvent(box, event);
  return event.defaultPrevented;
}

describe('pasted gif links are refused in every message input', () => {
  it.each(INPUTS)('%s', (_where, input) => {
    const warn = vi.spyOn(toast, 'warning');
    render(<QueryClientProvider client={createQueryClient()}>{input()}</QueryClientProvider>);
    expect(paste('mira https://media.giphy.com/media/x/giphy.gif')).toBe(true);
    expect(warn).toHaveBeenCalledWith(es['im.gifBlocked']);
    expect(paste('https://tenor.com/view/gato-123')).toBe(true);
    expect(paste('buenas tardes, https://example.org')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
