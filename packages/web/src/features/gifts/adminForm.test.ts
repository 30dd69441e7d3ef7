import { describe, expect, it } from 'vitest';
import { addGiftParams, EMPTY_GIFT_FORM, emojiOfRecipe } from './adminForm';

describe('admin gift form', () => {
  it('previews an emoji recipe as its character, and nothing for anything else', () => {
    expect(emojiOfRecipe('twemoji:1f339')).toBe('🌹');
    expect(emojiOfRecipe(' openmoji:1F98B ')).toBe('🦋');
    expect(emojiOfRecipe('twemoji:2764-fe0f')).toBe('❤️');
    expect(emojiOfRecipe('rose:#c2185b:#ff5c8a')).toBeUndefined();
    expect(emojiOfRecipe('twemoji:zz')).toBeUndefined();
  });

  it('sends numbers as numbers, the English name only when given, and the exit animation', () => {
    const params = addGiftParams({
      ...EMPTY_GIFT_FORM,
      name: ' Piruleta ',
      price: '12',
      value: '6',
      discount: '',
    });
    expect(params).toMatchObject({
      name: 'Piruleta',
      price: 12,
      value: 6,
      discount: 0,
      art: 'twemoji:1f381',
      entranceAnimation: 'float',
      exitAnimation: 'fade',
    });
    expect('nameEn' in params).toBe(false);
    expect(addGiftParams({ ...EMPTY_GIFT_FORM, name: 'x', nameEn: 'Lollipop' }).nameEn).toBe('Lollipop');
  });
});
