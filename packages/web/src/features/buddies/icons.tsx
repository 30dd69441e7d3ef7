/** The row buttons' icons (decorative: every button carries its own label). */
const PATHS_BY_NAME = {
  up: 'M12 5l7 7-1.4 1.4L13 8.8V19h-2V8.8l-4.6 4.6L5 12l7-7Z',
  down: 'M12 19l-7-7 1.4-1.4 4.6 4.6V5h2v10.2l4.6-4.6L19 12l-7 7Z',
  pin: 'M16 3v2h-1v5l3 3v2h-5v6l-1 1-1-1v-6H6v-2l3-3V5H8V3h8Zm-3 2h-2v5.8L8.8 13h6.4L13 10.8V5Z',
  unpin:
    'M3.3 2 22 20.7l-1.4 1.4-6.9-6.9H13v6l-1 1-1-1v-6H6v-2l3-3V8.3L1.9 3.4 3.3 2ZM16 3v2h-1v5l3 3v1.4L10.6 7H11V5h2V3h3Z',
  remove:
    'M10 12a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm-7 10v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1h-2v-1a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v1H3Zm13-11h6v2h-6V9Z',
} as const;

export type IconName = keyof typeof PATHS_BY_NAME;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path fill="currentColor" d={PATHS_BY_NAME[name]} />
    </svg>
  );
}
