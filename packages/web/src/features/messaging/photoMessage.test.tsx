// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type User } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKey } from '../../api/areas/messaging';
import { createQueryClient } from '../../api/query';
import { es } from '../../i18n/es';
import { fakeApi } from '../../testing/renderApp';
import type { AttachedPhoto } from '../photos/dialogs';
import { Composer } from './Composer';
import { MessageLine } from './MessageLine';
import type { LocalConversation } from './rules';
import { useSend } from './useSend';

const picked: AttachedPhoto = {
  postId: 41,
  authorId: 7,
  albumId: 3,
  image: '/media/img/00000000000000000000000000000041.jpg',
  originalImage: '/media/img/00000000000000000000000000000041.jpg',
};

// The photo select dialog answers at once with `picked` (its own test covers the dialog).
vi.mock('../../ui/dialog/dialogStore', async (original) => ({
  ...(await original<typeof import('../../ui/dialog/dialogStore')>()),
  openDialog: vi.fn((_definition: unknown, props: { onPick?: (p: AttachedPhoto) => void }) => {
    props.onPick?.(picked);
    return 1;
  }),
}));

const me: User = { uid: 7, name: 'dora' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A field of a request body, however the client encoded it. */
function fieldOf(body: unknown, name: string): unknown {
  if (body instanceof FormData) return body.get(name);
  return JSON.parse(String(body))[name];
}

describe('a photo in an instant message', () => {
  it('the IM composer attaches a photo; it may go alone, and the box empties after sending', () => {
    const onSend = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Composer onSend={onSend} attach />
      </QueryClientProvider>,
    );
    const send = screen.getByTestId('im-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: es['photos.attach'] }));
    expect(screen.getByTestId('attached-photo')).toBeTruthy();
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('', picked);
    expect(screen.queryByTestId('attached-photo')).toBeNull();
  });

  it('a composer without `attach` (chat rooms, private panels) offers no photo', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Composer onSend={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: es['photos.attach'] })).toBeNull();
  });

  it('sends the photo’s post id, shows the picture at once, and a retry sends the same photo and text', async () => {
    let fail = true;
    const calls = fakeApi({
      [api.messaging.send.path]: () =>
        fail
          ? { status: 400, body: { message: 'No', ApiValidationException: { field: 'message' } } }
          : { status: 200, body: { Conversation: [{ conversationId: 5, messages: [] }] } },
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData<LocalConversation>(conversationKey(5), { conversationId: 5, messages: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSend(me), { wrapper });
    await act(() => result.current('Mira', { ref: { conversationId: 5 } }, undefined, picked));
    const sent = calls.filter((c) => c.path === api.messaging.send.path);
    expect(fieldOf(sent[0].init.body, 'photoId')).toBe(41);
    expect(fieldOf(sent[0].init.body, 'message')).toBe('Mira');
    const [line] = queryClient.getQueryData<LocalConversation>(conversationKey(5))!.messages!;
    expect(line.status).toBe('failed');
    expect(line.content).toBe(`Mira\n[photo]${picked.image}[/photo]`);

    fail = false;
    await act(() => result.current(line.outgoing!.text, { ref: { conversationId: 5 } }, line));
    const again = calls.filter((c) => c.path === api.messaging.send.path)[1];
    expect(fieldOf(again.init.body, 'photoId')).toBe(41);
    expect(fieldOf(again.init.body, 'message')).toBe('Mira');
    expect(fieldOf(again.init.body, 'clientMessageId')).toBe(line.clientMessageId);
  });

  it('the receiver’s line shows the picture from the photo tag, and its text', () => {
    render(
      <ol>
        <MessageLine
          message={{
            id: 1,
            content: 'Mira\n[photo]/media/img/abc.jpg[/photo]',
            sender: { uid: 8, name: 'eli' },
          }}
          own={false}
          showSender={false}
        />
      </ol>,
    );
    const image = screen.getByRole('img', { name: es['im.preview.photo'] }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/img/abc.jpg');
    expect(screen.getByTestId('im-message').textContent).toContain('Mira');
  });
});
