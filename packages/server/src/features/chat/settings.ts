import { type ChatConfiguration, ChatLayoutStyle, type Emoticon } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import { gaggedUntil } from '../../policy/standing';
import { CHAT_COLORS, emoticons, isChatColor, isEmoticonTheme, normalizeColor, offeredTheme } from './look';
import { type SettingsStore, settingsStore } from './settings-store';

/** A member's chat look, with the defaults of who never chose. */
export async function lookOf(store: SettingsStore, member: UserRow) {
  const row = await store.settings(member.id);
  return {
    color: row?.color ?? null,
    bg_color: row?.bg_color ?? null,
    emoticon_path: offeredTheme(member.emoticon_path),
    layout_style: row?.layout_style ?? ChatLayoutStyle.COZY,
    collapse_images: row?.collapse_images ?? 0,
  };
}

/** The member's look in rooms: colours, emoticon theme, layout, and the configuration they make. */
export function settingsUseCases({ db }: { db: Db }) {
  const store = settingsStore(db);
  return {
    possibleColors: () => [...CHAT_COLORS],

    async setColor(viewer: UserRow, field: 'color' | 'bg_color', color: string): Promise<boolean> {
      if (!color.trim()) throw invalid('color', 'validation.required');
      if (!isChatColor(color)) throw invalid('color', 'chat.colorNotOffered');
      await store.saveSettings(viewer.id, { [field]: normalizeColor(color) });
      return true;
    },

    /** The emoticons of the given theme, else of the caller's; a theme not offered is refused. */
    possibleEmoticons(viewer: UserRow, path?: string): Emoticon[] {
      const given = path?.trim();
      if (given && !isEmoticonTheme(given)) throw invalid('path', 'chat.themeNotOffered');
      return emoticons(given || offeredTheme(viewer.emoticon_path));
    },

    async setEmoticonPath(viewer: UserRow, path: string): Promise<boolean> {
      if (!isEmoticonTheme(path.trim())) throw invalid('path', 'chat.themeNotOffered');
      await store.saveEmoticonPath(viewer.id, path.trim());
      return true;
    },

    async setLayoutStyle(viewer: UserRow, style: string): Promise<boolean> {
      await store.saveSettings(viewer.id, { layout_style: style });
      return true;
    },

    async setCollapseImages(viewer: UserRow, collapse: boolean): Promise<boolean> {
      await store.saveSettings(viewer.id, { collapse_images: collapse ? 1 : 0 });
      return true;
    },

    async configuration(viewer: UserRow): Promise<ChatConfiguration> {
      const s = await lookOf(store, viewer);
      return {
        color: s.color ?? undefined,
        bgColor: s.bg_color ?? undefined,
        emoticonPath: s.emoticon_path,
        layoutStyle: s.layout_style,
        collapseImages: s.collapse_images === 1,
        chatGagExpiration: gaggedUntil(viewer),
      };
    },
  };
}
