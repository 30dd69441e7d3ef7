import type { ComponentType } from 'react';

/**
 * Places in the header that later features fill: friends online and requests (buddies issue),
 * the IM dropdown (messaging issue) and the notifications bell. A feature calls
 * registerHeaderSlot at import time from its route module, or from `src/features.ts` when the
 * slot must show on every page.
 */
export type HeaderSlotName = 'friends' | 'im' | 'notifications' | 'gold';
const slots: Partial<Record<HeaderSlotName, ComponentType>> = {};

export function registerHeaderSlot(name: HeaderSlotName, component: ComponentType): void {
  slots[name] = component;
}

export function headerSlot(name: HeaderSlotName): ComponentType | undefined {
  return slots[name];
}
