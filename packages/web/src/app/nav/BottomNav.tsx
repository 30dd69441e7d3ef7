import { NavLink, useMatch } from 'react-router';
import { useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { badgeText } from '../../ui/menu/badgeText';
import { PATHS } from '../../ui/paths';
import { type NavCountName, navCount } from '../../ui/slots/nav';
import styles from './BottomNav.module.css';

interface Item {
  to: string;
  label: MessageKey;
  icon: string;
  end?: boolean;
  count?: NavCountName;
}

// 24x24 single-path icons: the bar ships in the entry chunk, so no icon library.
const ITEMS: Item[] = [
  {
    to: PATHS.home,
    label: 'nav.home',
    end: true,
    icon: 'M12 3 2 11.5l1.3 1.5L5 11.6V21h5.5v-6h3v6H19v-9.4l1.7 1.4 1.3-1.5L12 3Zm5 16h-1.5v-6h-7v6H7v-9.1l5-4.3 5 4.3V19Z',
  },
  {
    to: PATHS.search,
    label: 'nav.people',
    icon: 'M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm7-1a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7ZM9 13c3.3 0 6 1.7 6 4.5V20H3v-2.5C3 14.7 5.7 13 9 13Zm0 2c-2.3 0-4 1-4 2.5v.5h8v-.5c0-1.5-1.7-2.5-4-2.5Zm7.5-1.9c2.6.2 4.5 1.6 4.5 4.1V20h-4v-2h2v-.8c0-1-.9-1.8-2.3-2.1a6 6 0 0 0-.2-2Z',
  },
  {
    to: PATHS.chat,
    label: 'nav.chat',
    icon: 'M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H8l-4 3.5V13a2 2 0 0 1-1-1.7V5Zm2 0v6h1v1.1L7.3 11H15V5H5Zm14 3h.5A1.5 1.5 0 0 1 21 9.5V16a1.5 1.5 0 0 1-1 1.4V21l-3.5-3H10a1.5 1.5 0 0 1-1.5-1.5V15h2v1h6.8l.7.6V16h1V10h-1V8Z',
  },
  {
    to: PATHS.messages,
    label: 'nav.messages',
    count: 'messages',
    icon: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v.5l8 5 8-5V6H4Zm16 2.9-8 5-8-5V18h16V8.9Z',
  },
  {
    to: PATHS.notifications,
    label: 'nav.notifications',
    count: 'notifications',
    icon: 'M12 2a6 6 0 0 1 6 6v4.6l2 3.4V18H4v-2l2-3.4V8a6 6 0 0 1 6-6Zm0 2a4 4 0 0 0-4 4v5.1L6.3 16h11.4L16 13.1V8a4 4 0 0 0-4-4Zm-2 15h4a2 2 0 0 1-4 0Z',
  },
];

/** The badge over the icon, or (`spoken`) the same count in words after the label. */
function Count({ name, spoken }: { name: NavCountName; spoken?: boolean }) {
  const { t } = useI18n();
  const use = navCount(name);
  const count = use ? use() : 0;
  if (count <= 0) return null;
  return spoken ? (
    <span className={styles.hidden}>{` (${t('im.unreadCount', { count })})`}</span>
  ) : (
    <span className={styles.badge} aria-hidden="true" data-testid={`nav-badge-${name}`}>
      {badgeText(count)}
    </span>
  );
}

/** The phone navigation bar: a member's five main places, fixed at the bottom of the screen. */
export function BottomNav() {
  const { t } = useI18n();
  const { user } = useSession();
  // A chat room fills the screen with its own back button and composer at the bottom.
  const inRoom = useMatch('/chat/room/:roomId');
  if (!user || inRoom) return null;
  return (
    <nav className={styles.bar} aria-label={t('nav.label')} data-testid="bottom-nav">
      {ITEMS.map((item) => (
        <NavLink key={item.label} to={item.to} end={item.end} className={styles.item}>
          <span className={styles.icon}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path fill="currentColor" d={item.icon} />
            </svg>
            {item.count && <Count name={item.count} />}
          </span>
          <span className={styles.label}>{t(item.label)}</span>
          {item.count && <Count name={item.count} spoken />}
        </NavLink>
      ))}
    </nav>
  );
}
