import * as chat from '../../features/chat/dialogs';
import * as ephemeral from '../../features/ephemeral/dialogs';
import * as feed from '../../features/feed/dialogs';
import * as games from '../../features/games/dialogs';
import * as gifts from '../../features/gifts/dialogs';
import * as messaging from '../../features/messaging/dialogs';
import * as people from '../../features/people/dialogs';
import * as photos from '../../features/photos/dialogs';
import * as premium from '../../features/premium/dialogs';
import * as rewards from '../../features/rewards/dialogs';
import * as stories from '../../features/stories/dialogs';
import * as webpush from '../../features/webpush/dialogs';
import * as likes from '../../ui/like/likesDialog';

/**
 * The dialog host's registry: each feature dialog bound to its own chunk, fetched the first time
 * it opens. Features declare the handles (features/<feature>/dialogs.ts) and never import these
 * components from there, so a dialog can show what opens other dialogs without an import cycle.
 * The shell fetches this module when the first of these dialogs opens: its own chunk (outside
 * the shell's `app` chunk group in vite.config.ts), so a first page load carries none of it.
 */
chat.createRoomDialog.bind(() => import('../../features/chat/CreateRoomDialog'));
chat.settingsDialog.bind(() => import('../../features/chat/SettingsDialog'));
chat.inviteDialog.bind(() => import('../../features/chat/InviteDialog'));
chat.bossesDialog.bind(() => import('../../features/chat/BossesDialog'));
chat.moderationLogDialog.bind(() => import('../../features/chat/ModerationLogDialog'));
chat.leadersDialog.bind(() => import('../../features/chat/LeadersDialog'));
chat.memberDialog.bind(() => import('../../features/chat/MemberDialog'));
feed.statusDialog.bind(() => import('../../features/feed/PostDialog'));
likes.likesDialog.bind(() => import('../../ui/like/LikesDialog'));
games.reportGameDialog.bind(() => import('../../features/games/ReportGameDialog'));
gifts.giftDialog.bind(() => import('../../features/gifts/GiftDialog'));
gifts.giftHelperDialog.bind(() => import('../../features/gifts/GiftHelperDialog'));
gifts.loveReceivedDialog.bind(() => import('../../features/gifts/LoveReceivedDialog'));
gifts.shareLoveDialog.bind(() => import('../../features/gifts/ShareLoveDialog'));
gifts.giftVideoDialog.bind(() => import('../../features/gifts/GiftVideoDialog'));
gifts.promoDialog.bind(() => import('../../features/gifts/PromoDialog'));
messaging.viewImDialog.bind(() => import('../../features/messaging/ImDialog'));
messaging.inviteDialog.bind(() => import('../../features/messaging/InviteDialog'));
messaging.groupSettingsDialog.bind(() => import('../../features/messaging/GroupSettingsDialog'));
messaging.offlineComposeDialog.bind(() => import('../../features/messaging/OfflineComposeDialog'));
people.pledgeDialog.bind(() => import('../../features/people/PledgeDialog'));
people.profileDialog.bind(() => import('../../features/people/ProfileDialog'));
people.reportDialog.bind(() => import('../../features/people/ReportDialog'));
people.composeDialog.bind(() => import('../../features/people/ComposeDialog'));
people.editProfileDialog.bind(() => import('../../features/people/EditProfileDialog'));
people.photoDialog.bind(() => import('../../features/people/PhotoDialog'));
ephemeral.ephemeralUploadDialog.bind(() => import('../../features/ephemeral/UploadDialog'));
ephemeral.ephemeralViewerDialog.bind(() => import('../../features/ephemeral/ViewerDialog'));
ephemeral.ephemeralGagDialog.bind(() => import('../../features/ephemeral/GagDialog'));
ephemeral.ephemeralFallbackDialog.bind(() => import('../../features/ephemeral/FallbackDialog'));
photos.photoSelectDialog.bind(() => import('../../features/photos/PhotoSelectDialog'));
photos.photoViewDialog.bind(() => import('../../features/photos/PhotoViewDialog'));
photos.reportPhotoDialog.bind(() => import('../../features/photos/ReportPhotoDialog'));
stories.storyViewerDialog.bind(() => import('../../features/stories/StoryViewer'));
stories.storyUploadDialog.bind(() => import('../../features/stories/UploadDialog'));
stories.storyTutorialDialog.bind(() => import('../../features/stories/TutorialDialog'));
stories.storyViewersDialog.bind(() => import('../../features/stories/ViewersDialog'));
stories.storyReportDialog.bind(() => import('../../features/stories/ReportStoryDialog'));
webpush.pushPermissionDialog.bind(() => import('../../features/webpush/PushPermissionDialog'));
premium.vipPurchaseDialog.bind(() => import('../../features/premium/VipPurchaseDialog'));
premium.vipTrialDialog.bind(() => import('../../features/premium/VipTrialDialog'));
premium.vipWelcomeDialog.bind(() => import('../../features/premium/VipWelcomeDialog'));
premium.adReportDialog.bind(() => import('../../features/premium/AdReportDialog'));
rewards.rewardDialog.bind(() => import('../../features/rewards/RewardDialog'));
