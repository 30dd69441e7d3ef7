import type { Game } from '@tertulia/contract';
import { RECONNECTED_EVENT } from '@tertulia/games-sdk/protocol';
import { useEffect, useRef } from 'react';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { postGameEvent, startBridge } from './bridge';
import styles from './Games.module.css';
import { type GameHost, hostHandlers } from './hostHandlers';
import './texts';

/**
 * The game, in a frame that has no same-origin access (docs/games-container.md): scripts only, no
 * allow-same-origin, no top navigation, no popups, no forms. The bridge answers its SDK calls
 * for this game and this member only.
 */
export function GameFrame({ game, src, host }: { game: Game; src: string; host: GameHost }) {
  const { t } = useI18n();
  const frame = useRef<HTMLIFrameElement>(null);
  // The latest host (its player and texts follow the language) without restarting the bridge.
  const hostRef = useRef(host);
  hostRef.current = host;
  useEffect(() => {
    const live = new Proxy({} as GameHost, { get: (_, key) => hostRef.current[key as keyof GameHost] });
    return startBridge({
      frame: () => frame.current?.contentWindow,
      handlers: hostHandlers(live),
      texts: {
        invalid: (reason) => t('games.bridge.invalid', { reason }),
        rateLimited: t('games.bridge.rateLimited'),
        failed: t('games.bridge.failed'),
      },
    });
  }, [t]);
  // Live events for this game only (a game never sees another game's pushes), and a word when the
  // push channel came back, so a live game re-reads what it may have missed.
  useEffect(() => {
    const target = () => frame.current?.contentWindow;
    const stopEvents = pushDispatcher.on('gameEvent', (e) => {
      if (e.gid === game.id) postGameEvent(target(), e.name, e.data);
    });
    const stopHello = pushDispatcher.on('hello', () => postGameEvent(target(), RECONNECTED_EVENT));
    return () => {
      stopEvents();
      stopHello();
    };
  }, [game.id]);
  return (
    <iframe
      ref={frame}
      src={src}
      title={t('games.frameTitle', { name: game.name ?? '' })}
      className={styles.frame}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      data-testid="game-frame"
    />
  );
}
