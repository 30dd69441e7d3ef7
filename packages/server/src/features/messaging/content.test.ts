import { describe, expect, it } from 'vitest';
import { previewText, tagged } from './content';

describe('message content', () => {
  it('builds tags and list previews: photo, video and giphy show as words', () => {
    expect(tagged('audio', '/media/audio/x.wav')).toBe('[audio]/media/audio/x.wav[/audio]');
    expect(previewText('Hola *mundo* :)')).toBe('Hola *mundo* :)');
    expect(previewText(tagged('image', '/media/img/a.jpg'))).toBe('Foto');
    expect(previewText(tagged('photo', '/media/img/a.jpg'))).toBe('Foto');
    expect(previewText(tagged('giphy', 'https://media.giphy.com/x.gif'))).toBe('Foto');
    expect(previewText(tagged('video', '/media/video/a.mp4'))).toBe('Video');
    expect(previewText(tagged('audio', '/media/audio/a.wav'))).toBe('Mensaje de voz');
    expect(previewText(tagged('audio', '/media/audio/a.wav'), 'en')).toBe('Voice message');
    expect(previewText(tagged('gift', '12'))).toBe('Regalo');
    expect(previewText(tagged('icebreaker', '¿Playa o montaña?'))).toBe('¿Playa o montaña?');
  });
});
