import { type ComponentType, createElement, lazy } from 'react';

/**
 * A part of a page whose code is its own chunk (React.lazy), which a page the server draws can
 * hydrate at once (docs/first-paint.md, "Lazy parts"). The server notes the parts it drew; the
 * browser loads their code before it hydrates (`preloadParts`), and a part whose code is loaded
 * renders without suspending. A plain lazy part suspends on its first render even when its chunk
 * is in hand, so its boundary hydrated after the rest of the page, and a word typed into it
 * meanwhile never reached React (a member's guestbook, session 14).
 *
 * `module` is the part's source file as the client build's manifest names it
 * (`src/features/feed/ProfileFeed.tsx`): the server links the drawn parts' chunks in the head.
 * Parts that only open on use (menus, panels, sheets) stay plain `lazy`: no page is drawn with them.
 */

type Loaded<P> = { default: ComponentType<P> };

/** Each part's loader, once the module that defines the part has run. */
const preloaders = new Map<string, () => Promise<unknown>>();

/** The parts drawn in the server's drawing under way (drawings take turns: entry-server.tsx). */
let noted: Set<string> | undefined;

export function lazyPart<P extends object>(module: string, load: () => Promise<Loaded<P>>): ComponentType<P> {
  let loaded: Loaded<P> | undefined;
  const loadOnce = () => load().then((m) => (loaded = m));
  // Loaded already: a thenable that answers at once, which React reads without suspending.
  const Lazy = lazy(
    () =>
      // biome-ignore lint/suspicious/noThenProperty: a thenable React reads at once is the point
      (loaded ? { then: (done: (m: Loaded<P>) => void) => done(loaded!) } : loadOnce()) as Promise<Loaded<P>>,
  );
  preloaders.set(module, () => (loaded ? Promise.resolve() : loadOnce()));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as lazy() is
  function Part(props: P) {
    noted?.add(module);
    return createElement(Lazy as ComponentType<P>, props);
  }
  Part.displayName = `Part(${module})`;
  return Part;
}

/** The server starts noting the parts a drawing draws. */
export function noteDrawnParts(): void {
  noted = new Set();
}

/** The parts drawn since `noteDrawnParts`, in the order first drawn. */
export function drawnParts(): string[] {
  return [...(noted ?? [])];
}

/**
 * Loads the code of the parts a drawn page showed, before the browser hydrates it. A part inside
 * another (the feed's comments) is known once the outer part's code has run: loaded in rounds.
 */
export async function preloadParts(modules: readonly string[] | undefined): Promise<void> {
  const left = new Set(modules);
  while (left.size) {
    const known = [...left].filter((module) => preloaders.has(module));
    if (!known.length) return;
    for (const module of known) left.delete(module);
    // A chunk that fails to load is left to the part's own boundary, as without preloading.
    await Promise.all(
      known.map((module) =>
        preloaders
          .get(module)?.()
          .catch(() => undefined),
      ),
    );
  }
}
