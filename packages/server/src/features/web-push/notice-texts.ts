import type { LocaleCode } from '../../i18n/messages';

type Vars = Record<string, string>;

/**
 * What each notification says: `<kind>.title` and `<kind>.body`, `{name}` and friends filled in.
 * Flat catalogs per language, like every other text catalog; `en: typeof es` makes both carry every key.
 */
const es = {
  'message.title': '{name}',
  'message.body': 'Te envió un mensaje',
  'groupMessage.title': '{name}',
  'groupMessage.body': 'Escribió en un grupo',
  'friendRequest.title': 'Solicitud de amistad',
  'friendRequest.body': '{name} te envió una solicitud de amistad',
  'chatPrivate.title': '{name} (chat)',
  'chatPrivate.body': 'Te escribió en privado en el chat',
  'gift.title': '¡Recibiste un regalo!',
  'gift.body': '{name} te regaló {gift}',
  'profileVisit.title': 'Visitaron tu perfil',
  'profileVisit.body': '{name} vio tu perfil',
  'profileVisitHidden.title': 'Visitaron tu perfil',
  'profileVisitHidden.body': 'Alguien vio tu perfil. Descubre quién.',
  'broadcast.title': '{name} está en directo',
  'broadcast.body': 'Tu amigo empezó una transmisión. Entra a verla.',
};

const en: typeof es = {
  'message.title': '{name}',
  'message.body': 'Sent you a message',
  'groupMessage.title': '{name}',
  'groupMessage.body': 'Wrote in a group',
  'friendRequest.title': 'Friend request',
  'friendRequest.body': '{name} sent you a friend request',
  'chatPrivate.title': '{name} (chat)',
  'chatPrivate.body': 'Sent you a private message in chat',
  'gift.title': 'You got a gift!',
  'gift.body': '{name} gave you {gift}',
  'profileVisit.title': 'Someone viewed your profile',
  'profileVisit.body': '{name} viewed your profile',
  'profileVisitHidden.title': 'Someone viewed your profile',
  'profileVisitHidden.body': 'Someone viewed your profile. Find out who.',
  'broadcast.title': '{name} is live',
  'broadcast.body': 'Your friend started a broadcast. Come and watch.',
};

export const textCatalogs: Record<LocaleCode, typeof es> = { es, en };

export type NoticeTextKey = keyof typeof es extends `${infer K}.${string}` ? K : never;

const fill = (template: string, vars: Vars) => template.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');

/** The notification's texts in every language, with the content as the preview (when given). */
export function noticeText(
  key: NoticeTextKey,
  vars: Vars,
  preview?: Record<LocaleCode, string | undefined>,
): Record<LocaleCode, { title: string; body: string; preview?: string }> {
  const out = {} as Record<LocaleCode, { title: string; body: string; preview?: string }>;
  for (const locale of ['es', 'en'] as LocaleCode[]) {
    const catalog = textCatalogs[locale];
    out[locale] = {
      title: fill(catalog[`${key}.title` as keyof typeof es], vars),
      body: fill(catalog[`${key}.body` as keyof typeof es], vars),
      preview: preview?.[locale] || undefined,
    };
  }
  return out;
}
