import type { ReactNode } from 'react';
import { DeveloperError } from '../DeveloperError';
import { Store } from '../store';

/** The sheet hide animation takes 250 ms. */
export const SHEET_HIDE_MS = 250;
/** One frame offscreen before sliding in, so the entrance animates. */
export const SHEET_SHOW_DELAY_MS = 16;

export interface SheetAction {
  text: string;
  href?: string;
  /** Open the link in a new tab. */
  blank?: boolean;
  /** A round (icon-like) button instead of a full-width row. */
  round?: boolean;
  onClick?: () => void;
}

export interface SheetOptions {
  id: string;
  /** Heading, also the accessible name of the sheet. */
  title: string;
  content?: ReactNode;
  actions?: readonly SheetAction[];
  className?: string;
  /** Where the sheet is mounted; document.body by default. */
  container?: HTMLElement | null;
  /** Removed from the page after use instead of kept hidden for the next time. */
  burnAfterReading?: boolean;
}

export type SheetPhase = 'hidden' | 'shown' | 'hiding';
export interface SheetEntry {
  options: SheetOptions;
  phase: SheetPhase;
}

/** Sheets: mounted hidden offscreen, shown, then hidden (kept) or removed (burnAfterReading). */
export class SheetStore extends Store<readonly SheetEntry[]> {
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor() {
    super([]);
  }

  open(options: SheetOptions): void {
    if (!options?.id) throw new DeveloperError('Sheet requires an id');
    if (options.content == null && !options.actions?.length) {
      throw new DeveloperError(`Sheet "${options.id}" requires content or actions`);
    }
    this.cancel(options.id);
    const existing = this.state.find((entry) => entry.options.id === options.id);
    if (existing && existing.phase !== 'hidden') {
      this.patch(options.id, { options, phase: 'shown' });
      return;
    }
    if (existing) this.patch(options.id, { options, phase: 'hidden' });
    else this.setState([...this.state, { options, phase: 'hidden' }]);
    this.later(options.id, SHEET_SHOW_DELAY_MS, () => this.patch(options.id, { phase: 'shown' }));
  }

  close(id: string): void {
    const entry = this.state.find((e) => e.options.id === id);
    if (!entry || entry.phase === 'hiding') return;
    this.cancel(id);
    if (entry.phase === 'hidden') {
      this.settle(id);
      return;
    }
    this.patch(id, { phase: 'hiding' });
    this.later(id, SHEET_HIDE_MS, () => this.settle(id));
  }

  isOpen(id: string): boolean {
    return this.state.some((e) => e.options.id === id && e.phase === 'shown');
  }

  private settle(id: string): void {
    const entry = this.state.find((e) => e.options.id === id);
    if (!entry) return;
    if (entry.options.burnAfterReading) this.setState(this.state.filter((e) => e.options.id !== id));
    else this.patch(id, { phase: 'hidden' });
  }

  private patch(id: string, change: Partial<SheetEntry>): void {
    this.setState(this.state.map((e) => (e.options.id === id ? { ...e, ...change } : e)));
  }

  private later(id: string, ms: number, run: () => void): void {
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        run();
      }, ms),
    );
  }

  private cancel(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }
}

export const sheets = new SheetStore();
