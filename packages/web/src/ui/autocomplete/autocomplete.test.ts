import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_DELAY_MS, Autocomplete, triggersAutocomplete } from './autocomplete';

describe('autocomplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('triggers only for key codes 46 and up, or backspace', () => {
    expect(triggersAutocomplete(8)).toBe(true); // backspace
    expect(triggersAutocomplete(46)).toBe(true); // delete
    expect(triggersAutocomplete(65)).toBe(true); // a
    for (const code of [9, 13, 16, 27, 37, 38, 39, 40, 45]) expect(triggersAutocomplete(code)).toBe(false);
  });

  it('searches 200 ms after the last qualifying key', async () => {
    const search = vi.fn(async (q: string) => [`${q}1`]);
    const onResults = vi.fn();
    const auto = new Autocomplete(search, onResults);
    auto.keyup(65, 'a');
    await vi.advanceTimersByTimeAsync(150);
    auto.keyup(78, 'an');
    auto.keyup(37, 'an'); // arrow: ignored, does not restart the wait
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toBe('an');
    expect(onResults).toHaveBeenCalledWith(['an1'], 'an');
  });

  it('non-qualifying keys never search', async () => {
    const search = vi.fn(async () => []);
    const auto = new Autocomplete(search, vi.fn());
    auto.keyup(13, 'ana');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search).not.toHaveBeenCalled();
  });

  it('a newer search aborts the older one, whose results are dropped', async () => {
    const signals: AbortSignal[] = [];
    let release!: (v: string[]) => void;
    const search = vi.fn((q: string, signal: AbortSignal) => {
      signals.push(signal);
      return q === 'a' ? new Promise<string[]>((r) => (release = r)) : Promise.resolve(['ana']);
    });
    const onResults = vi.fn();
    const auto = new Autocomplete(search, onResults);
    auto.keyup(65, 'a');
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS);
    auto.keyup(78, 'an');
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DELAY_MS);
    expect(signals[0].aborted).toBe(true);
    release(['viejo']);
    await vi.advanceTimersByTimeAsync(0);
    expect(onResults.mock.calls).toEqual([[['ana'], 'an']]);
  });
});
