/** Names of the albums made on demand (stored in Spanish, the product's first language). */
export const PROFILE_ALBUM_NAME = 'Fotos de perfil';
export const DEFAULT_ALBUM_NAME = 'Mis fotos';
export const BACKSTAGE_ALBUM_NAME = 'Backstage';
