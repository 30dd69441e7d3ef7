import { useEffect, useRef, useState } from 'react';
import { GiftFloat } from './GiftFloat';

/**
 * The floating animation for gifts that arrive while the member watches (not for those already
 * there when the page opened). `items` are the stream's lines by key, with a gift id or none.
 */
export function GiftArrivals({ items }: { items: readonly { key: string; giftId?: number }[] }) {
  const seen = useRef<Set<string> | undefined>(undefined);
  const [floating, setFloating] = useState<{ key: string; giftId: number }[]>([]);
  useEffect(() => {
    if (!seen.current) {
      seen.current = new Set(items.map((i) => i.key));
      return;
    }
    const arrived = items.filter((i) => i.giftId !== undefined && !seen.current!.has(i.key));
    for (const i of items) seen.current.add(i.key);
    if (arrived.length)
      setFloating((f) => [...f, ...arrived.map((i) => ({ key: i.key, giftId: i.giftId! }))]);
  }, [items]);
  return (
    <>
      {floating.map((f) => (
        <GiftFloat
          key={f.key}
          giftId={f.giftId}
          onDone={() => setFloating((all) => all.filter((x) => x.key !== f.key))}
        />
      ))}
    </>
  );
}
