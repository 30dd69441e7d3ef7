import { GiftSource, type User } from '@tertulia/contract';
import { Link } from 'react-router';
import type { LocalConversation } from '../../api/areas/localMessages';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { giftDialog } from '../gifts/dialogs';
import { SpinTools } from '../rewards/SpinTools';
import styles from './Conversation.module.css';
import { groupSettingsDialog, inviteDialog } from './dialogs';
import type { ConversationRef } from './imStore';
import { IM_PATHS } from './paths';
import './texts';

/**
 * A conversation's tools: its page, group settings (owner), invite, a gift and a spin for the
 * other member of an IM (`partner`, none in groups), leave.
 */
export function ConversationToolbar({
  where,
  conversation,
  partner,
  manage,
  readOnly,
  showPageLink,
}: {
  where: ConversationRef;
  conversation: LocalConversation | undefined;
  partner: User | undefined;
  manage: boolean;
  readOnly: boolean;
  showPageLink?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.toolbar}>
      {showPageLink && (
        <Link to={IM_PATHS.conversation(where)} className={styles.toolLink}>
          {t('im.openPage')}
        </Link>
      )}
      {manage && (
        <button
          type="button"
          className={styles.toolLink}
          data-testid="im-group-settings"
          onClick={() => openDialog(groupSettingsDialog, { conversationId: where.conversationId })}
        >
          {t('group.settings')}
        </button>
      )}
      {(conversation?.allowInvite !== false || manage) && (
        <button type="button" className={styles.toolLink} onClick={() => openDialog(inviteDialog, where)}>
          {t('im.invite')}
        </button>
      )}
      {partner && (
        <button
          type="button"
          className={styles.toolLink}
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
          className={styles.toolLink}
        />
      )}
      <Link to={IM_PATHS.leave(where)} className={styles.toolLink} data-testid="im-leave">
        {t('im.leave')}
      </Link>
    </div>
  );
}
