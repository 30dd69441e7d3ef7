/**
 * The game's sounds, synthesized with Web Audio (no files to load): a key tap, a tile turning by
 * its colour, a refusal and a short tune for a win. Muted: nothing plays; hidden: the context is
 * suspended so nothing plays behind another tab.
 */
type Tone = { freq: number; at: number; length: number; type?: OscillatorType; gain?: number };

export function createSound() {
  let ctx: AudioContext | null = null;
  let muted = false;

  const audio = () => {
    if (!ctx) {
      const Ctor =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctor) return null;
      ctx = new Ctor();
    }
    if (ctx.state === 'suspended' && !document.hidden) void ctx.resume();
    return ctx;
  };

  const play = (tones: Tone[]) => {
    if (muted) return;
    const a = audio();
    if (!a) return;
    const now = a.currentTime;
    for (const t of tones) {
      const osc = a.createOscillator();
      const gain = a.createGain();
      osc.type = t.type ?? 'sine';
      osc.frequency.value = t.freq;
      const start = now + t.at;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(t.gain ?? 0.12, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + t.length);
      osc.connect(gain).connect(a.destination);
      osc.start(start);
      osc.stop(start + t.length + 0.02);
    }
  };

  document.addEventListener('visibilitychange', () => {
    if (!ctx) return;
    if (document.hidden) void ctx.suspend();
    else void ctx.resume();
  });

  const byHint = { correct: 660, present: 520, absent: 300 } as const;
  return {
    get muted() {
      return muted;
    },
    setMuted(value: boolean) {
      muted = value;
    },
    /** Call from a user gesture: browsers start audio only after one. */
    unlock: () => void audio(),
    tap: () => play([{ freq: 880, at: 0, length: 0.05, type: 'triangle', gain: 0.05 }]),
    flip: (hint: keyof typeof byHint) =>
      play([
        { freq: byHint[hint], at: 0, length: 0.14, type: hint === 'absent' ? 'triangle' : 'sine' },
        { freq: byHint[hint] * 1.5, at: 0.01, length: 0.08, gain: 0.03 },
      ]),
    refuse: () =>
      play([
        { freq: 200, at: 0, length: 0.12, type: 'square', gain: 0.04 },
        { freq: 150, at: 0.1, length: 0.16, type: 'square', gain: 0.04 },
      ]),
    win: () => play([523, 659, 784, 1047].map((freq, i) => ({ freq, at: i * 0.11, length: 0.3, gain: 0.1 }))),
    lose: () =>
      play(
        [392, 330, 262].map((freq, i) => ({ freq, at: i * 0.16, length: 0.35, type: 'triangle' as const })),
      ),
  };
}
export type Sound = ReturnType<typeof createSound>;
