// @vitest-environment jsdom
import { act, Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { drawnParts, lazyPart, noteDrawnParts, preloadParts } from './lazyPart';

/**
 * A lazy part of a drawn page hydrates with the rest of it once its code is preloaded
 * (docs/first-paint.md, "Lazy parts"); the server notes which parts it drew.
 */

// React's act() environment flag, so act flushes the hydration synchronously.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let live: string[] = [];
afterEach(() => {
  live = [];
  document.body.innerHTML = '';
});

/** A part that says when it is live (its effect ran, so React listens to it). */
function partNamed(name: string) {
  return lazyPart(`test/${name}.tsx`, async () => ({
    default: ({ text }: { text: string }) => {
      useEffect(() => {
        live.push(name);
      }, []);
      return <p>{text}</p>;
    },
  }));
}

/** The page drawn with `Part` (its code loaded, as main.tsx loads it), then hydrated in one act. */
async function drawnThenHydrated(Part: ReturnType<typeof partNamed>, module: string) {
  const tree = (
    <Suspense fallback={<p>…</p>}>
      <Part text="hola" />
    </Suspense>
  );
  await preloadParts([module]);
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  act(() => {
    hydrateRoot(container, tree);
  });
  return container;
}

describe('lazy parts', () => {
  it('a part whose code was preloaded hydrates with the page, without suspending', async () => {
    const container = await drawnThenHydrated(partNamed('preloaded'), 'test/preloaded.tsx');
    expect(container.textContent).toBe('hola');
    expect(live).toEqual(['preloaded']);
  });

  it('the server notes the parts a drawing drew, and only those', async () => {
    const Shown = partNamed('shown');
    partNamed('hidden');
    await preloadParts(['test/shown.tsx', 'test/hidden.tsx']);
    noteDrawnParts();
    renderToString(<Shown text="x" />);
    expect(drawnParts()).toEqual(['test/shown.tsx']);
    noteDrawnParts();
    expect(drawnParts()).toEqual([]);
  });

  it('loads a part defined inside another part once the outer code has run, and skips unknown names', async () => {
    let innerLoads = 0;
    lazyPart('test/outer.tsx', async () => {
      // As FeedItem.tsx defines the comments' part when the feed's chunk runs.
      lazyPart('test/inner.tsx', async () => {
        innerLoads++;
        return { default: () => null };
      });
      return { default: () => null };
    });
    await preloadParts(['test/outer.tsx', 'test/inner.tsx', 'test/nowhere.tsx']);
    expect(innerLoads).toBe(1);
    // Loaded once: preloading again asks nothing.
    await preloadParts(['test/inner.tsx']);
    expect(innerLoads).toBe(1);
  });
});
