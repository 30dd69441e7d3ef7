import type { Game } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import { reportGameDialog } from './dialogs';
import { GameChat } from './GameChat';
import { GameFrame } from './GameFrame';
import { GameIcon } from './GameIcon';
import styles from './Games.module.css';
import { Leaderboard } from './Leaderboard';
import { GAMES_PATHS } from './paths';
import { gameEntryUrl, gameRoomId, useGame } from './queries';
import { documentUrl, frameSrc, needsFreshDocument, playLabel } from './rules';
import { useGameHost } from './useGameHost';
import './texts';

function Player({ game, path, gameParams }: { game: Game; path: string | null; gameParams: string | null }) {
  const { t } = useI18n();
  const host = useGameHost(game);
  const src = frameSrc(gameEntryUrl(game) ?? '', window.location.origin, { path, gameParams });
  const roomId = gameRoomId(game);
  const reload = !!src && needsFreshDocument(src, game.id, documentUrl(), window.location.origin);
  // The page's CSP names an external game's origin only when loaded for it: load it so, once.
  useEffect(() => {
    if (reload) window.location.replace(window.location.href);
  }, [reload]);
  if (!src) return <p className={styles.empty}>{t('games.cannotFrame')}</p>;
  if (reload) return <div className={styles.frame} />;
  return (
    <div className={styles.player} data-chat={roomId ? true : undefined}>
      {host ? <GameFrame game={game} src={src} host={host} /> : <div className={styles.frame} />}
      {roomId ? <GameChat roomId={roomId} /> : null}
    </div>
  );
}

/** A game's page: what it is, its leaderboards and friends playing, and the game itself once played. */
export function GamePage({
  gid,
  autoplay,
  path,
  gameParams,
}: {
  gid: number;
  autoplay: boolean;
  path: string | null;
  gameParams: string | null;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: game, isPending, isError } = useGame(gid);
  const [playing, setPlaying] = useState(autoplay);
  usePageTitle(game?.name ?? t('games.title'));
  if (isPending) return <p className={`${pageStyles.page} ${styles.empty}`}>{t('app.loading')}</p>;
  if (isError || !game) return <p className={`${pageStyles.page} ${styles.empty}`}>{t('games.notFound')}</p>;
  const name = game.name ?? '';
  const friends = game.friendsPlaying ?? [];
  const play = () => {
    setPlaying(true);
    navigate(GAMES_PATHS.play(gid), { replace: true });
  };
  return (
    <div className={styles.gamePage} data-testid="game-page" data-gid={gid}>
      <div className={styles.gameHead}>
        <GameIcon game={game} big />
        <div>
          <h1>{name}</h1>
          {game.isFeatured && <span className={styles.badge}>{t('games.featured')}</span>}
          <p className={styles.meta}>{t('games.weeklyPlayers', { count: game.weeklyWkPlayers ?? 0 })}</p>
        </div>
        <div className={styles.actions}>
          {playing ? (
            <button type="button" className={styles.quiet} onClick={() => setPlaying(false)}>
              {t('games.close')}
            </button>
          ) : (
            // Spec section 5: over 7 characters the play button's text is cut to 6; its label is whole.
            <button
              type="button"
              className={styles.play}
              onClick={play}
              aria-label={t('games.playGame', { name })}
              data-testid="game-play"
            >
              <span aria-hidden="true">▶</span> {playLabel(game.playText || t('games.play'))}
            </button>
          )}
          {user && (
            <button
              type="button"
              className={styles.quiet}
              onClick={() => openDialog(reportGameDialog, { gameName: name, gameId: gid })}
              data-testid="game-report"
            >
              {t('games.report')}
            </button>
          )}
        </div>
      </div>
      {playing && <Player game={game} path={path} gameParams={gameParams} />}
      <div className={styles.sections}>
        <div className={styles.column}>
          {game.description && (
            <section className={styles.section}>
              <h2>{t('games.description')}</h2>
              <p>{game.description}</p>
            </section>
          )}
          <Leaderboard gid={gid} />
        </div>
        <section className={styles.section} data-testid="game-friends">
          <h2>{t('games.friendsPlaying')}</h2>
          {friends.length ? (
            <ul className={styles.friends}>
              {friends.map((f) => (
                <li key={f.uid} className={styles.friend}>
                  <Avatar user={f} size={32} />
                  <UserLink user={f} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>{t('games.noFriends')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
