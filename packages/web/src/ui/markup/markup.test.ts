import { describe, expect, it } from 'vitest';
import { parseMarkup } from './markup';

describe('text markers', () => {
  it('reads bold, italic and underline', () => {
    expect(parseMarkup('hola **mundo** y ~~tú~~ __yo__')).toEqual([
      { type: 'text', text: 'hola ' },
      { type: 'bold', children: [{ type: 'text', text: 'mundo' }] },
      { type: 'text', text: ' y ' },
      { type: 'italic', children: [{ type: 'text', text: 'tú' }] },
      { type: 'text', text: ' ' },
      { type: 'underline', children: [{ type: 'text', text: 'yo' }] },
    ]);
  });

  it('nests markers', () => {
    expect(parseMarkup('**muy __importante__**')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'muy ' },
          { type: 'underline', children: [{ type: 'text', text: 'importante' }] },
        ],
      },
    ]);
  });

  it('leaves unmatched or empty markers as text', () => {
    expect(parseMarkup('2 ** 3 = 8')).toEqual([{ type: 'text', text: '2 ** 3 = 8' }]);
    expect(parseMarkup('****')).toEqual([{ type: 'text', text: '****' }]);
    expect(parseMarkup('snake__case')).toEqual([{ type: 'text', text: 'snake__case' }]);
  });

  it('keeps HTML-looking text as plain text', () => {
    const evil = '<script>alert(1)</script><b>hola</b>';
    expect(parseMarkup(evil)).toEqual([{ type: 'text', text: evil }]);
    expect(parseMarkup('**<img src=x onerror=alert(1)>**')).toEqual([
      { type: 'bold', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('emoticons', () => {
  const names = (text: string) => parseMarkup(text).flatMap((n) => (n.type === 'emoticon' ? [n.name] : []));

  it('reads :name: shortcodes anywhere', () => {
    expect(names(':smile::sad: y:wink:')).toEqual(['smile', 'sad', 'wink']);
    expect(names(':heart:')).toEqual(['heart']);
  });

  it('reads classic symbols standing alone', () => {
    expect(names('hola :) adiós :( ;) <3 :D')).toEqual(['smile', 'sad', 'wink', 'heart', 'laugh']);
    expect(names('grr >:(')).toEqual(['angry']);
  });

  it('does not see emoticons inside words or urls', () => {
    expect(names('mapa:p https://x.es (B) a<3b')).toEqual([]);
  });

  it('mixes with markers', () => {
    const [bold] = parseMarkup('**te quiero <3**');
    expect(bold).toEqual({
      type: 'bold',
      children: [
        { type: 'text', text: 'te quiero ' },
        { type: 'emoticon', name: 'heart', symbol: '❤️', code: '<3' },
      ],
    });
  });

  it('unknown shortcodes stay text', () => {
    expect(parseMarkup(':unicornio:')).toEqual([{ type: 'text', text: ':unicornio:' }]);
  });
});
