import type { Game } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { GameIcon } from './GameIcon';
import styles from './Games.module.css';
import { GAMES_PATHS } from './paths';
import { playLabel } from './rules';
import './texts';

/** One game in the listing: icon, name, who plays it, and the play button. */
export function GameCard({ game }: { game: Game }) {
  const { t } = useI18n();
  const name = game.name ?? '';
  const friends = game.friendsPlaying ?? [];
  return (
    <li className={styles.card} data-testid="game-card" data-gid={game.id}>
      <Link to={GAMES_PATHS.game(game.id)} aria-label={t('games.open', { name })} tabIndex={-1}>
        <GameIcon game={game} />
      </Link>
      <span className={styles.cardText}>
        <Link to={GAMES_PATHS.game(game.id)} className={styles.name}>
          {name}
        </Link>
        {game.isFeatured && <span className={styles.badge}>{t('games.featured')}</span>}
        <span className={styles.meta}>
          {friends.length
            ? t('games.friendsPlayingCount', { count: friends.length })
            : t('games.weeklyPlayers', { count: game.weeklyWkPlayers ?? 0 })}
        </span>
        {friends.length > 0 && (
          <span className={styles.faces}>
            {friends.slice(0, 5).map((f) => (
              <Avatar key={f.uid} user={f} size={24} showPresence={false} />
            ))}
          </span>
        )}
      </span>
      {/* Spec section 5: the play button's text over 7 characters is cut to 6; the full name is its label. */}
      <Link
        to={GAMES_PATHS.play(game.id)}
        className={styles.play}
        aria-label={t('games.playGame', { name })}
        data-testid="game-play"
      >
        <span aria-hidden="true">▶</span> {playLabel(game.playText || t('games.play'))}
      </Link>
    </li>
  );
}
