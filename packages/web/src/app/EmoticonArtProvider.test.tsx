// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type Emoticon } from '@tertulia/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query';
import { fakeApi } from '../testing/renderApp';
import { RichText } from '../ui/markup/RichText';
import { EmoticonArtProvider } from './EmoticonArtProvider';

const listOf = (path: string): Emoticon[] =>
  ['smile', 'heart'].map((name) => ({ name, path, image: `/img/emoticons/${path}/${name}.abc${path}.svg` }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderText(children: React.ReactNode, emoticon = 'contorno') {
  const calls = fakeApi({
    [api.user.getSessionUser.path]: () => ({
      status: 200,
      body: { User: [{ uid: 7, name: 'ana', emoticon }] },
    }),
    [api.chat.getPossibleEmoticons.path]: (url) => ({
      status: 200,
      body: { Emoticon: listOf(url.searchParams.get('path') ?? 'default') },
    }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmoticonArtProvider>{children}</EmoticonArtProvider>
    </QueryClientProvider>,
  );
  return calls;
}

/** The emoticon once its image replaced the symbol. */
async function imageNamed(name: string): Promise<HTMLImageElement> {
  return vi.waitFor(() => {
    const found = screen.getByRole('img', { name });
    expect(found.tagName).toBe('IMG');
    return found as HTMLImageElement;
  });
}

describe('emoticons drawn from the server’s list', () => {
  it('a chat line’s shortcode is an image of the sender’s theme, with its name as alt text', async () => {
    renderText(<RichText text="te quiero :heart:" emoticonPath="clasico" />);
    const heart = await imageNamed('corazón');
    expect(heart.getAttribute('src')).toBe('/img/emoticons/clasico/heart.abcclasico.svg');
    expect(heart.alt).toBe('corazón');
    expect(heart.title).toBe(':heart:');
  });

  it('an IM message without a theme uses the viewer’s own; a classic :) too', async () => {
    const calls = renderText(<RichText text="hola :)" />);
    const smile = await imageNamed('sonrisa');
    expect(smile.getAttribute('src')).toBe('/img/emoticons/contorno/smile.abccontorno.svg');
    // Each theme's list is read once.
    const lists = calls.filter((c) => c.path === api.chat.getPossibleEmoticons.path);
    expect(lists.map((c) => c.url.searchParams.get('path')).sort()).toEqual([
      'clasico',
      'contorno',
      'default',
    ]);
  });

  it('an emoticon the list lacks keeps its Unicode symbol', async () => {
    renderText(<RichText text=":wink: :smile:" />);
    await imageNamed('sonrisa');
    expect(screen.getByRole('img', { name: 'guiño' }).tagName).toBe('SPAN');
  });
});
