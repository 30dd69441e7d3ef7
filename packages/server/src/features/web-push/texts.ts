import type { LocaleCode } from '../../i18n/messages';

type Text = { title: string; body: string };
type Vars = Record<string, string>;

/** What each notification says, per language; `{name}` and friends are filled in. */
const CATALOG: Record<string, Record<LocaleCode, Text>> = {
  message: {
    es: { title: '{name}', body: 'Te envió un mensaje' },
    en: { title: '{name}', body: 'Sent you a message' },
  },
  groupMessage: {
    es: { title: '{name}', body: 'Escribió en un grupo' },
    en: { title: '{name}', body: 'Wrote in a group' },
  },
  friendRequest: {
    es: { title: 'Solicitud de amistad', body: '{name} te envió una solicitud de amistad' },
    en: { title: 'Friend request', body: '{name} sent you a friend request' },
  },
  chatPrivate: {
    es: { title: '{name} (chat)', body: 'Te escribió en privado en el chat' },
    en: { title: '{name} (chat)', body: 'Sent you a private message in chat' },
  },
  gift: {
    es: { title: '¡Recibiste un regalo!', body: '{name} te regaló {gift}' },
    en: { title: 'You got a gift!', body: '{name} gave you {gift}' },
  },
  profileVisit: {
    es: { title: 'Visitaron tu perfil', body: '{name} vio tu perfil' },
    en: { title: 'Someone viewed your profile', body: '{name} viewed your profile' },
  },
  profileVisitHidden: {
    es: { title: 'Visitaron tu perfil', body: 'Alguien vio tu perfil. Descubre quién.' },
    en: { title: 'Someone viewed your profile', body: 'Someone viewed your profile. Find out who.' },
  },
  broadcast: {
    es: { title: '{name} está en directo', body: 'Tu amigo empezó una transmisión' },
    en: { title: '{name} is live', body: 'Your friend started a broadcast' },
  },
};

export type NoticeTextKey = keyof typeof CATALOG;

const fill = (template: string, vars: Vars) => template.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');

/** The notification's texts in every language, with the content as the preview (when given). */
export function noticeText(
  key: NoticeTextKey,
  vars: Vars,
  preview?: Record<LocaleCode, string | undefined>,
): Record<LocaleCode, { title: string; body: string; preview?: string }> {
  const out = {} as Record<LocaleCode, { title: string; body: string; preview?: string }>;
  for (const locale of ['es', 'en'] as LocaleCode[]) {
    const t = CATALOG[key][locale];
    out[locale] = {
      title: fill(t.title, vars),
      body: fill(t.body, vars),
      preview: preview?.[locale] || undefined,
    };
  }
  return out;
}

export const TEXT_KEYS = Object.keys(CATALOG);
export const textCatalog = CATALOG;
