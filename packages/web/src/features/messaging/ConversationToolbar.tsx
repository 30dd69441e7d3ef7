import { GiftSource, type User } from '@tertulia/contract';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { LocalConversation } from '../../api/areas/localMessages';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { useMediaQuery } from '../../ui/media';
import { OverflowMenu, overflowItem } from '../../ui/menu/OverflowMenu';
import { giftDialog } from '../gifts/dialogs';
import { SpinTools } from '../rewards/SpinTools';
import styles from './Conversation.module.css';
import { groupSettingsDialog, inviteDialog } from './dialogs';
import type { ConversationRef } from './imStore';
import { IM_PATHS } from './paths';
import './texts';

/** Where the conversation page goes full screen (Conversation.module.css): its tools fold into a menu. */
const PHONE = '(max-width: 40rem)';

interface Props {
  where: ConversationRef;
  conversation: LocalConversation | undefined;
  partner: User | undefined;
  manage: boolean;
  readOnly: boolean;
  showPageLink?: boolean;
  /**
   * The conversation page's header, where on a phone the tools fold into a "more" menu: a row of
   * them does not fit beside the back button and the title at 360 px. Desktop keeps the row.
   */
  menuIn?: HTMLElement | null;
}

/**
 * A conversation's tools: its page, group settings (owner), invite, a gift and a spin for the
 * other member of an IM (`partner`, none in groups), leave.
 */
export function ConversationToolbar({ menuIn, ...props }: Props) {
  const { t } = useI18n();
  const phone = useMediaQuery(PHONE);
  if (menuIn && phone)
    return createPortal(
      <OverflowMenu label={t('im.moreActions')} testId="im-more">
        <Tools {...props} className={overflowItem} />
      </OverflowMenu>,
      menuIn,
    );
  // On the page (menuIn given, null until its header exists) a phone never shows the row: hidden by
  // CSS from the first paint, it does not vanish from under the messages when the menu takes over.
  return (
    <div className={menuIn === undefined ? styles.toolbar : `${styles.toolbar} ${styles.foldsOnPhone}`}>
      <Tools {...props} className={styles.toolLink} />
    </div>
  );
}

function Tools({
  where,
  conversation,
  partner,
  manage,
  readOnly,
  showPageLink,
  className,
}: Omit<Props, 'menuIn'> & { className: string }) {
  const { t } = useI18n();
  return (
    <>
      {showPageLink && (
        <Link to={IM_PATHS.conversation(where)} className={className}>
          {t('im.openPage')}
        </Link>
      )}
      {manage && (
        <button
          type="button"
          className={className}
          data-testid="im-group-settings"
          onClick={() => openDialog(groupSettingsDialog, { conversationId: where.conversationId })}
        >
          {t('group.settings')}
        </button>
      )}
      {(conversation?.allowInvite !== false || manage) && (
        <button type="button" className={className} onClick={() => openDialog(inviteDialog, where)}>
          {t('im.invite')}
        </button>
      )}
      {partner && (
        <button
          type="button"
          className={className}
          data-testid="im-gift"
          onClick={() =>
            openDialog(giftDialog, {
              userId: partner.uid,
              userName: partner.name ?? '',
              source: GiftSource.CONVERSATION,
              conversationId: where.conversationId,
              ownerId: where.ownerId,
            })
          }
        >
          🎁 {t('gifts.send')}
        </button>
      )}
      {!readOnly && (
        <SpinTools
          partner={partner}
          conversationId={where.conversationId}
          ownerId={where.ownerId}
          className={className}
        />
      )}
      <Link to={IM_PATHS.leave(where)} className={className} data-testid="im-leave">
        {t('im.leave')}
      </Link>
    </>
  );
}
