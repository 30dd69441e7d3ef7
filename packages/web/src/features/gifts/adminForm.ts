import type { api, ParamsOf } from '@tertulia/contract';

/** The admin gift form's values as typed (strings), and what the add call is sent. */
export const EMPTY_GIFT_FORM = {
  name: '',
  nameEn: '',
  art: 'twemoji:1f381',
  price: '20',
  discount: '0',
  value: '10',
  tag: 'amistad',
  entranceAnimation: 'float',
  vip: false,
  admin: false,
  requiresVoucher: false,
};
export type GiftForm = typeof EMPTY_GIFT_FORM;

/** The entrances the web draws (ui/gift/Gift.module.css); zoom and bounce come with a video. */
export const ENTRANCES = ['float', 'zoom', 'bounce'] as const;

/**
 * A quick look at an emoji recipe before it is sent: the artwork's file is at the server's
 * `/gifts/art/<id>` only once the gift exists, so the form shows the emoji's character instead.
 */
export function emojiOfRecipe(recipe: string): string | undefined {
  const match = /^(?:twemoji|openmoji):([0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,6})$/i.exec(recipe.trim());
  if (!match) return undefined;
  try {
    return String.fromCodePoint(...match[1].split('-').map((cp) => Number.parseInt(cp, 16)));
  } catch {
    return undefined;
  }
}

/** The add call's params; numbers as numbers, the English name only when given. */
export function addGiftParams(form: GiftForm): ParamsOf<typeof api.gift.addGift> {
  return {
    name: form.name.trim(),
    ...(form.nameEn.trim() ? { nameEn: form.nameEn.trim() } : {}),
    art: form.art.trim(),
    price: Number(form.price),
    discount: Number(form.discount) || 0,
    value: Number(form.value),
    tag: form.tag.trim(),
    entranceAnimation: form.entranceAnimation,
    exitAnimation: 'fade',
    vip: form.vip,
    admin: form.admin,
    requiresVoucher: form.requiresVoucher,
  };
}
