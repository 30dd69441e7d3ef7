import type { ReactNode } from 'react';
import { DeveloperError } from '../DeveloperError';
import { Store } from '../store';

/** Popups snap after 5 ms, show after 10 ms, and keep 10 px from edges. */
export const POPUP_SNAP_MS = 5;
export const POPUP_SHOW_MS = 10;
export const POPUP_MARGIN = 10;

export interface PopupOptions {
  id: string;
  content: ReactNode;
  /** Accessible name of the popup region; "Sugerencia" by default. */
  label?: string;
  /** Maximum number of times the popup is shown; 0 shows it always. */
  expiration?: number;
  /** A new version starts counting again. */
  version?: string | number;
  /** The element the popup points at; centered in the viewport without one. */
  target?: Element | null;
  onClick?: () => void;
  onClose?: () => void;
}

/** pending: rendered invisibly to measure; snapped: positioned; shown: visible. */
export type PopupPhase = 'pending' | 'snapped' | 'shown';
export interface PopupEntry {
  options: PopupOptions;
  phase: PopupPhase;
}

type CountStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): CountStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: popups behave as if never shown
  }
}

export class PopupStore extends Store<readonly PopupEntry[]> {
  constructor(private storage: CountStorage | undefined = defaultStorage()) {
    super([]);
  }

  static key(options: Pick<PopupOptions, 'id' | 'version'>): string {
    return `tertulia.popup.${options.id}.${options.version ?? 0}`;
  }

  count(options: Pick<PopupOptions, 'id' | 'version'>): number {
    const value = Number(this.storage?.getItem(PopupStore.key(options)));
    return Number.isFinite(value) && value > 0 ? value : 0;
  }

  /** Shown only while the stored count is below expiration (0: always). Returns whether it shows. */
  shouldShow(options: PopupOptions): boolean {
    const expiration = options.expiration ?? 0;
    return expiration === 0 || this.count(options) < expiration;
  }

  show(options: PopupOptions): boolean {
    if (!options?.id) throw new DeveloperError('Popup requires an id');
    if (options.content == null) throw new DeveloperError(`Popup "${options.id}" requires content`);
    if (!this.shouldShow(options) || this.state.some((e) => e.options.id === options.id)) return false;
    this.setState([...this.state, { options, phase: 'pending' }]);
    setTimeout(() => this.phase(options.id, 'snapped'), POPUP_SNAP_MS);
    setTimeout(() => this.phase(options.id, 'shown'), POPUP_SHOW_MS);
    return true;
  }

  /** A click on the popup hides it, stores the count and runs onClick. */
  click(id: string): void {
    const entry = this.remove(id);
    entry?.options.onClick?.();
  }

  /** The close button counts as a use too, so a dismissed popup respects its expiration. */
  close(id: string): void {
    const entry = this.remove(id);
    entry?.options.onClose?.();
  }

  /** Takes a popup away without counting it (its page went away before the member answered). */
  hide(id: string): void {
    if (this.state.some((e) => e.options.id === id))
      this.setState(this.state.filter((e) => e.options.id !== id));
  }

  private remove(id: string): PopupEntry | undefined {
    const entry = this.state.find((e) => e.options.id === id);
    if (!entry) return undefined;
    this.storage?.setItem(PopupStore.key(entry.options), String(this.count(entry.options) + 1));
    this.setState(this.state.filter((e) => e !== entry));
    return entry;
  }

  private phase(id: string, phase: PopupPhase): void {
    if (!this.state.some((e) => e.options.id === id)) return;
    this.setState(this.state.map((e) => (e.options.id === id ? { ...e, phase } : e)));
  }
}

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Below the target, centered on it, kept `margin` px inside the viewport; above when no room. */
export function snapPosition(
  target: Rect | null,
  popup: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = POPUP_MARGIN,
): { top: number; left: number } {
  const clamp = (value: number, max: number) => Math.max(margin, Math.min(value, max - margin));
  if (!target) {
    return {
      top: clamp((viewport.height - popup.height) / 2, viewport.height - popup.height),
      left: clamp((viewport.width - popup.width) / 2, viewport.width - popup.width),
    };
  }
  const below = target.top + target.height + margin;
  const fitsBelow = below + popup.height + margin <= viewport.height;
  const top = fitsBelow ? below : Math.max(margin, target.top - margin - popup.height);
  const left = clamp(target.left + target.width / 2 - popup.width / 2, viewport.width - popup.width);
  return { top, left };
}

export const popups = new PopupStore();
