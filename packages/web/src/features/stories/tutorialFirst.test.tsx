// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, type Story, type StorySettings, type User } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { fakeApi } from '../../testing/renderApp';
import { dialogs } from '../../ui/dialog/dialogStore';
import { storyTutorialDialog, storyUploadDialog, storyViewerDialog } from './dialogs';
import { StoriesStrip } from './StoriesStrip';
import TutorialDialog from './TutorialDialog';

const me: User = { uid: 7, name: 'dora' };
const ana: User = { uid: 9, name: 'ana' };
const story: Story = { uid: 31, authorUser: ana, state: 'ready', viewed: false };
const settings = (tutorialCompleted: boolean): StorySettings => ({
  tutorialCompleted,
  allowNSFW: false,
  waitTime: 0,
  maxSeconds: 30,
  videoAvailable: true,
});

function mount(element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, me);
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const opened = () => dialogs.getState();
const closeAll = () => {
  for (const d of opened()) dialogs.close(d.key);
};

/** Spec: the story tutorial "shows first until completed", before watching as before posting. */
describe('the story tutorial before a first story plays', () => {
  beforeAll(() => {
    // The host binds the real chunks; these tests only look at what was opened.
    for (const d of [storyTutorialDialog, storyViewerDialog, storyUploadDialog])
      d.bind(async () => ({ default: () => null }));
  });
  afterEach(() => {
    cleanup();
    closeAll();
    vi.unstubAllGlobals();
  });

  const serve = (completed: boolean) =>
    fakeApi({
      [api.story.getAllStories.path]: () => ({ status: 200, body: { Story: [story] } }),
      [api.story.getStorySettings.path]: () => ({
        status: 200,
        body: { StorySettings: [settings(completed)] },
      }),
      [api.story.completedTutorial.path]: () => ({ status: 200, body: { Boolean: [true] } }),
    });

  it('a member who has not completed it meets the tutorial first; the story plays once it is done', async () => {
    serve(false);
    mount(<StoriesStrip user={me} />);
    const bubble = await screen.findByTestId('story-bubble');
    // Settings arrive with the strip: wait until the strip knows the tutorial is pending.
    await waitFor(() => {
      closeAll();
      fireEvent.click(bubble);
      expect(opened().map((d) => d.definition)).toEqual([storyTutorialDialog]);
    });
    const [tutorial] = opened();
    (tutorial.props as { onDone: () => void }).onDone();
    const viewer = opened().find((d) => d.definition === storyViewerDialog);
    expect(viewer?.props).toEqual({ authorIds: [9], startAuthor: 9 });
  });

  it('a member who completed it watches at once', async () => {
    serve(true);
    mount(<StoriesStrip user={me} />);
    const bubble = await screen.findByTestId('story-bubble');
    await waitFor(() => {
      closeAll();
      fireEvent.click(bubble);
      expect(opened().map((d) => d.definition)).toEqual([storyViewerDialog]);
    });
  });

  it('finishing the tutorial records it on the server, then goes on', async () => {
    const calls = serve(false);
    const onDone = vi.fn();
    const close = vi.fn();
    const dialog = { close, minimize: vi.fn(), maximize: vi.fn(), minimized: false };
    mount(<TutorialDialog dialog={dialog} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(close).toHaveBeenCalled();
    expect(calls.filter((c) => c.path === api.story.completedTutorial.path)).toHaveLength(1);
  });
});
