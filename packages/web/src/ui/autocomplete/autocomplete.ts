/** Autocomplete waits 200 ms after the last key. */
export const AUTOCOMPLETE_DELAY_MS = 200;
const BACKSPACE = 8;

/** Only keys with code 46 or above (delete, digits, letters...) or backspace. */
export function triggersAutocomplete(keyCode: number): boolean {
  return keyCode >= 46 || keyCode === BACKSPACE;
}

/** Debounced, cancelling lookups: a newer query aborts the one in flight. */
export class Autocomplete<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;

  constructor(
    private search: (query: string, signal: AbortSignal) => Promise<T[]>,
    private onResults: (results: T[], query: string) => void,
    private minLength = 1,
  ) {}

  keyup(keyCode: number, value: string): void {
    if (!triggersAutocomplete(keyCode)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(value.trim()), AUTOCOMPLETE_DELAY_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.controller?.abort();
  }

  private run(query: string): void {
    this.controller?.abort();
    if (query.length < this.minLength) {
      this.onResults([], query);
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.search(query, controller.signal).then(
      (results) => {
        if (!controller.signal.aborted) this.onResults(results, query);
      },
      () => undefined, // a failed suggestion lookup is not worth interrupting typing
    );
  }
}
