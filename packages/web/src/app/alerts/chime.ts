/**
 * The notification sound: a short two-note chime (about a quarter of a second), made here as a
 * WAV file rather than shipped, so there is no asset to license or download before it is needed.
 */
const RATE = 22_050;
const NOTES = [
  { hz: 880, start: 0, length: 0.12 },
  { hz: 1318.5, start: 0.09, length: 0.18 },
];

export function chimeWav(): Uint8Array {
  const seconds = Math.max(...NOTES.map((n) => n.start + n.length));
  const samples = Math.ceil(seconds * RATE);
  const pcm = new Float32Array(samples);
  for (const note of NOTES) {
    const from = Math.floor(note.start * RATE);
    const count = Math.floor(note.length * RATE);
    for (let i = 0; i < count && from + i < samples; i++) {
      const t = i / RATE;
      // A quick attack and an exponential fade: a soft "ding", never a click.
      const envelope = Math.min(1, i / 80) * Math.exp((-5 * t) / note.length);
      pcm[from + i] += 0.35 * envelope * Math.sin(2 * Math.PI * note.hz * t);
    }
  }
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, pcm[i])) * 32_767), true);
  }
  return bytes;
}

let url: string | undefined;

/** Plays the chime; a browser that still refuses (autoplay) is simply quiet. */
export function playChime(): void {
  if (typeof Audio === 'undefined') return;
  url ??= URL.createObjectURL(new Blob([chimeWav() as BlobPart], { type: 'audio/wav' }));
  const audio = new Audio(url);
  audio.volume = 0.6;
  void audio.play()?.catch(() => undefined);
}
