/**
 * The API's enumerations. Each is an `as const` object so code names the
 * meaning, not the number, with a same-named union type of its values for the wire.
 */

/** The values of an enumeration object, e.g. to build a validator or a select's options. */
export function valuesOf<T extends Record<string, string | number>>(enumObj: T): T[keyof T][] {
  return Object.values(enumObj) as T[keyof T][];
}

export * from './enums/admin';
export * from './enums/chat-moderation';
export * from './enums/feed';
export * from './enums/games';
export * from './enums/gifts';
export * from './enums/live';
export * from './enums/messaging';
export * from './enums/photos';
export * from './enums/premium';
export * from './enums/profile';
export * from './enums/rewards';
export * from './enums/search';
export * from './enums/stories';
export * from './enums/web-push';
