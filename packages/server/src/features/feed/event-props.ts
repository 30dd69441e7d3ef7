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

/** A chatting event's room ('room.id', 'room.name' as recorded). */
export const roomOf = (props: Record<string, unknown>) => {
  const id = props['room.id'];
  if (typeof id !== 'number') return {};
  const name = props['room.name'];
  return { room: { id, ...(typeof name === 'string' ? { name } : {}) } };
};

/** A gift event's gift ('gift' as features/gifts/purchase.ts records it): the card shows its art. */
export const giftOf = (props: Record<string, unknown>) => {
  const id = props.gift;
  return typeof id === 'number' ? { gift: { id } } : {};
};

/** A game event's game and text (100-103, 202: features/games/social.ts records them). */
export const gameOf = (props: Record<string, unknown>) => {
  const game = props.game as { id?: unknown; name?: unknown; icon?: unknown } | undefined;
  if (!game || typeof game.id !== 'number') return {};
  const text = props['game.text'];
  return {
    game: {
      id: game.id,
      ...(typeof game.name === 'string' ? { name: game.name } : {}),
      ...(typeof game.icon === 'string' ? { icon: game.icon } : {}),
    },
    ...(typeof text === 'string' ? { gameText: text } : {}),
  };
};

/** A badge event's badge (5: features/feed/log.ts recordBadge writes 'badge.*'). */
export const badgeOf = (props: Record<string, unknown>) => {
  const kind = props['badge.kind'];
  if (kind !== 'verified' && kind !== 'contest') return {};
  const contestId = props['badge.contestId'];
  const name = props['badge.name'];
  const place = props['badge.place'];
  return {
    badge: {
      kind,
      ...(typeof contestId === 'number' ? { contestId } : {}),
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof place === 'number' ? { place } : {}),
    },
  } as const;
};

/** A profile song or video event's file (12, 13: 'media.*' as features/people/profile-media.ts writes). */
export const mediaOf = (props: Record<string, unknown>) => {
  const url = props['media.url'];
  if (typeof url !== 'string') return {};
  const poster = props['media.poster'];
  const title = props['media.title'];
  return {
    media: {
      url,
      ...(typeof poster === 'string' ? { poster } : {}),
      ...(typeof title === 'string' ? { title } : {}),
    },
  } as const;
};

/** A live event's broadcast (301-304, docs/live.md): its id (the watch page), title, viewer milestone. */
export const liveOf = (props: Record<string, unknown>) => {
  const broadcastId = props.broadcast;
  if (typeof broadcastId !== 'string') return {};
  return {
    live: {
      broadcastId,
      ...(typeof props.title === 'string' && props.title ? { title: props.title } : {}),
      ...(typeof props.viewers === 'number' ? { viewers: props.viewers } : {}),
    },
  };
};
