import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Autocomplete } from './autocomplete';

/** Wire to an input's onKeyUp; results follow 200 ms after the last qualifying key. */
export function useAutocomplete<T>(search: (query: string, signal: AbortSignal) => Promise<T[]>) {
  const [results, setResults] = useState<T[]>([]);
  const searchRef = useRef(search);
  searchRef.current = search;
  const engine = useRef<Autocomplete<T>>(null);
  engine.current ??= new Autocomplete<T>(
    (q, s) => searchRef.current(q, s),
    (r) => setResults(r),
  );
  useEffect(() => () => engine.current?.cancel(), []);
  return {
    results,
    clear: () => setResults([]),
    onKeyUp: (event: KeyboardEvent<HTMLInputElement>) =>
      engine.current?.keyup(event.keyCode, event.currentTarget.value),
  };
}
