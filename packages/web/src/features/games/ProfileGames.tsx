import type { UserGameEntry } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { GameIcon } from './GameIcon';
import styles from './Games.module.css';
import { PresenceBox } from './PresenceBox';
import { presencePath } from './rules';
import './texts';

/** A member's games on their profile (User.game): each with its status, a link back into the game. */
export default function ProfileGames({ players, userId }: { players: UserGameEntry[]; userId?: number }) {
  const { t } = useI18n();
  if (!players.length) return null;
  return (
    <section className={styles.section} aria-labelledby="profile-games" data-testid="profile-games">
      <h2 id="profile-games">{t('games.myGames')}</h2>
      <ul className={styles.friends}>
        {players.map((p) => (
          <li key={p.gameId}>
            <Link to={presencePath(p.gameId, p.gameStatusUrl)} className={styles.gameLine}>
              <GameIcon game={{ id: p.gameId, name: p.name, icon: p.icon }} />
              <span className={styles.cardText}>
                <strong>{p.name}</strong>
                {p.isPlaying && <span className={styles.badge}>{t('games.playingNow')}</span>}
                {p.gameStatus && <span className={styles.status}>{p.gameStatus}</span>}
              </span>
            </Link>
            {userId && p.hasPresenceHtml ? (
              <PresenceBox userId={userId} gameId={p.gameId} name={p.name} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
