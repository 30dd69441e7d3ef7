import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { useRef } from 'react';
import * as games from '../../api/areas/games';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { useNearScreen } from '../../ui/useNearScreen';
import styles from './Games.module.css';
import './texts';

/**
 * The document a presence box frames: the server's sanitized HTML (docs/games.md, "Presence HTML")
 * with its links opening the game route in the page itself, not inside the box.
 */
export function presenceDocument(html: string): string {
  return `<!doctype html><meta charset="utf-8"><base target="_top"><style>body{margin:0;padding:8px 12px;font:14px/1.4 system-ui,sans-serif;color:#222;overflow:hidden}img{max-width:100%}</style>${html}`;
}

/**
 * An external game's presence HTML on a member's profile (docs/games-container.md), fetched when
 * the box nears the screen and drawn in a frame sandboxed with no scripts and no same-origin access:
 * even HTML the server let through could never run or read the page; a click may open the game.
 */
export function PresenceBox({ userId, gameId, name }: { userId: number; gameId: number; name: string }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref, '300px');
  const { data: html } = useQuery({
    queryKey: keyOf(api.game.getPresenceHtml, { userId, gameId }),
    queryFn: ({ signal }) => games.getPresenceHtml({ userId, gameId }, { signal }),
    enabled: near,
    staleTime: 5 * 60_000,
  });
  return (
    <div ref={ref} className={styles.presence} data-testid="game-presence" data-gid={gameId}>
      {html ? (
        <iframe
          title={t('games.presenceTitle', { name })}
          className={styles.presenceFrame}
          sandbox="allow-top-navigation-by-user-activation"
          referrerPolicy="no-referrer"
          srcDoc={presenceDocument(html)}
        />
      ) : null}
    </div>
  );
}
