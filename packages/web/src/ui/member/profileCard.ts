import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { CardUser } from './cardUser';

export type ProfileCardContent = ComponentType<{ user: CardUser }>;
let content: LazyExoticComponent<ProfileCardContent> | undefined;

/**
 * The hover card's content belongs to the people feature; app/compose.ts hands it over here, so
 * names anywhere show it without importing that feature (docs/architecture.md). A module of its
 * own, so the shell registering it carries none of the name link. The content is its own chunk:
 * pages with names on them pay for it on first hover only.
 */
export function registerProfileCard(load: () => Promise<{ default: ProfileCardContent }>): void {
  content = lazy(load);
}

export const profileCardContent = () => content;
