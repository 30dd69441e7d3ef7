import type { Migration } from 'kysely';
import * as m001 from './001_accounts';
import * as m002 from './002_people';
import * as m003 from './003_photos';
import * as m004 from './004_buddies';
import * as m005 from './005_messaging';
import * as m006 from './006_chat';
import * as m007 from './007_feed';
import * as m008 from './008_feed_page_stamps';
import * as m009 from './009_member_searches';
import * as m010 from './010_notification_items';
import * as m011 from './011_chat_room_safety';
import * as m012 from './012_account_security';
import * as m013 from './013_consent_and_status_privacy';
import * as m014 from './014_member_preferences';
import * as m015 from './015_browser_notifications';
import * as m016 from './016_emoticons';
import * as m017 from './017_core_fields';
import * as m018 from './018_feed_event_keys';
import * as m019 from './019_photo_albums';
import * as m021 from './021_stories';
import * as m023 from './023_ledger';
import * as m024 from './024_gifts';
import * as m025 from './025_web_push';
import * as m026 from './026_background_photo';
import * as m027 from './027_moderation';
import * as m028 from './028_analytics';
import * as m029 from './029_rewards';
import * as m031 from './031_premium';
import * as m032 from './032_house_ads';
import * as m033 from './033_view_once';
import * as m034 from './034_love_ledger';
import * as m035 from './035_vip_subscription_currency';
import * as m036 from './036_admin_charts';
import * as m037 from './037_live_broadcasts';
import * as m038 from './038_backstage_unlocks';
import * as m039 from './039_story_likes';
import * as m040 from './040_contests';
import * as m041 from './041_love_share_index';
import * as m042 from './042_contest_cancel_board_rank';
import * as m043 from './043_feed_backstage_unlock_stamps';
import * as m047 from './047_one_at_a_time';
import * as m049 from './049_vouchers_in_ledger';
import * as m050 from './050_gold_purchase_keys';
import * as m052 from './052_outbox';
import * as m057 from './057_games';
import * as m058 from './058_game_rooms';
import * as m063 from './063_live_watching';
import * as m066 from './066_calles_players';
import * as m067 from './067_calles_battles';
import * as m068 from './068_cuatro_matches';
import * as m069 from './069_palabra';
import * as m070 from './070_gift_emoji_art';
import * as m071 from './071_profile_media';
import * as m074 from './074_web_vitals';
import * as m078 from './078_song_pending_title';
import * as m079 from './079_video_job_probe';

/** Every migration, in order. Feature issues append theirs. */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_people': m002,
  '003_photos': m003,
  '004_buddies': m004,
  '005_messaging': m005,
  '006_chat': m006,
  '007_feed': m007,
  '008_feed_page_stamps': m008,
  '009_member_searches': m009,
  '010_notification_items': m010,
  '011_chat_room_safety': m011,
  '012_account_security': m012,
  '013_consent_and_status_privacy': m013,
  '014_member_preferences': m014,
  '015_browser_notifications': m015,
  '016_emoticons': m016,
  '017_core_fields': m017,
  '018_feed_event_keys': m018,
  '019_photo_albums': m019,
  '021_stories': m021,
  '023_ledger': m023,
  '024_gifts': m024,
  '025_web_push': m025,
  '026_background_photo': m026,
  '027_moderation': m027,
  '028_analytics': m028,
  '029_rewards': m029,
  '031_premium': m031,
  '032_house_ads': m032,
  '033_view_once': m033,
  '034_love_ledger': m034,
  '035_vip_subscription_currency': m035,
  '036_admin_charts': m036,
  '037_live_broadcasts': m037,
  '038_backstage_unlocks': m038,
  '039_story_likes': m039,
  '040_contests': m040,
  '041_love_share_index': m041,
  '042_contest_cancel_board_rank': m042,
  '043_feed_backstage_unlock_stamps': m043,
  '047_one_at_a_time': m047,
  '049_vouchers_in_ledger': m049,
  '050_gold_purchase_keys': m050,
  '052_outbox': m052,
  '057_games': m057,
  '058_game_rooms': m058,
  '063_live_watching': m063,
  '066_calles_players': m066,
  '067_calles_battles': m067,
  '068_cuatro_matches': m068,
  '069_palabra': m069,
  '070_gift_emoji_art': m070,
  '071_profile_media': m071,
  '074_web_vitals': m074,
  '078_song_pending_title': m078,
  '079_video_job_probe': m079,
};
