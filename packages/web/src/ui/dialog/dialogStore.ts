import type { ComponentType } from 'react';
import { t } from '../../i18n/i18n';
import { DeveloperError } from '../DeveloperError';
import { Store } from '../store';
import { type ToastQueue, toast } from '../toast/toastStore';

/** Loading a dialog's code gives up after 20000 ms. */
export const DIALOG_LOAD_TIMEOUT_MS = 20_000;

/** What every dialog component receives besides its own props. */
export interface DialogControls {
  close(): void;
  minimize(): void;
  maximize(): void;
  minimized: boolean;
}
export type DialogComponentProps<P> = P & { dialog: DialogControls };

export interface DialogDefinition<P> {
  /** A dynamic import: every dialog is its own chunk, fetched the first time it opens. */
  load: () => Promise<{ default: ComponentType<DialogComponentProps<P>> }>;
  loaded?: ComponentType<DialogComponentProps<P>>;
}

export function defineDialog<P>(load: DialogDefinition<P>['load']): DialogDefinition<P> {
  return { load };
}

/** A dialog declared by its feature and given its component by the host (app/dialogs/registry.ts). */
export interface DeclaredDialog<P> extends DialogDefinition<P> {
  bind(load: DialogDefinition<P>['load']): void;
}

let loadRegistry: (() => Promise<unknown>) | undefined;
/**
 * The host says how to fetch its registry of declared dialogs (app/dialogs/registry.ts, its own chunk):
 * the first declared dialog to open fetches it, so the first page load carries none of it.
 */
export function setDialogRegistry(load: () => Promise<unknown>): void {
  loadRegistry = load;
}

/**
 * A dialog whose chunk the host binds: features open it by this handle without importing its
 * component, so a dialog may show what opens other dialogs (a profile shows a feed, whose names
 * open profiles) without an import cycle. Opened before it is bound, it fetches the host's
 * registry, or waits for it (within the usual load timeout) when the host has none yet.
 */
export function declareDialog<P>(): DeclaredDialog<P> {
  let bound: DialogDefinition<P>['load'] | undefined;
  let release = () => {};
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    load: async () => {
      if (!bound && loadRegistry) await loadRegistry();
      await ready;
      return bound!();
    },
    bind(load) {
      bound = load;
      release();
    },
  };
}

export interface OpenDialog {
  key: number;
  // biome-ignore lint/suspicious/noExplicitAny: the host renders heterogeneous dialogs
  definition: DialogDefinition<any>;
  props: object;
  status: 'loading' | 'ready';
  minimized: boolean;
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export class DialogStore extends Store<readonly OpenDialog[]> {
  private nextKey = 1;

  constructor(private toasts: ToastQueue = toast) {
    super([]);
  }

  open<P extends object>(definition: DialogDefinition<P>, props: P): number {
    if (!definition?.load) throw new DeveloperError('openDialog requires a dialog definition');
    const key = this.nextKey++;
    const status = definition.loaded ? 'ready' : 'loading';
    this.setState([...this.state, { key, definition, props, status, minimized: false }]);
    if (status === 'loading') {
      withTimeout(definition.load(), DIALOG_LOAD_TIMEOUT_MS).then(
        (module) => {
          definition.loaded = module.default;
          this.patch(key, { status: 'ready' });
        },
        () => {
          // Slow or failed chunk: the member is told, and the half-open dialog disappears.
          if (!this.state.some((d) => d.key === key)) return;
          this.close(key);
          this.toasts.error(t('error.default'));
        },
      );
    }
    return key;
  }

  close(key: number): void {
    this.setState(this.state.filter((d) => d.key !== key));
  }

  minimize(key: number): void {
    this.patch(key, { minimized: true });
  }

  maximize(key: number): void {
    this.patch(key, { minimized: false });
  }

  private patch(key: number, change: Partial<OpenDialog>): void {
    this.setState(this.state.map((d) => (d.key === key ? { ...d, ...change } : d)));
  }
}

export const dialogs = new DialogStore();

export function openDialog<P extends object>(definition: DialogDefinition<P>, props: P): number {
  return dialogs.open(definition, props);
}
