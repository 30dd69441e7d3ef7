import type { ComponentType } from 'react';

/**
 * Places in the header that later features fill: the IM dropdown (messaging issue) and the
 * notifications bell. A feature calls registerHeaderSlot at import time from its route module.
 */
export type HeaderSlotName = 'im' | 'notifications';
const slots: Partial<Record<HeaderSlotName, ComponentType>> = {};

export function registerHeaderSlot(name: HeaderSlotName, component: ComponentType): void {
  slots[name] = component;
}

export function headerSlot(name: HeaderSlotName): ComponentType | undefined {
  return slots[name];
}
