// How feed events' stored properties are read, and how items are keyed in maps.

/** A map key for an item: its LikeItemType and id. */
export const itemKey = (type: number, id: number) => `${type}:${id}`;

export function parseProps(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Ids in properties: flat keys ('source.user': 3) as recordFeedEvent callers write them. */
export const propUser = (props: Record<string, unknown>, path: 'source.user' | 'target.user') => {
  const value = props[path];
  return typeof value === 'number' ? value : undefined;
};
