import type { Game } from '@tertulia/contract';
import type { CSSProperties } from 'react';
import styles from './Games.module.css';

/** A game's icon, or its initial on a colour of its own when it has none. */
export function GameIcon({ game, big }: { game: Pick<Game, 'id' | 'name' | 'icon'>; big?: boolean }) {
  const className = big ? styles.bigIcon : styles.icon;
  const size = big ? 88 : 64;
  if (game.icon) return <img src={game.icon} alt="" width={size} height={size} className={className} />;
  return (
    <span className={className} aria-hidden="true" style={{ '--hue': (game.id * 47) % 360 } as CSSProperties}>
      {(game.name ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}
