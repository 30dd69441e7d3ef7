/**
 * Sounds made with Web Audio (no files to load): a wooden clack when a disc lands, a chime for a
 * win and a low tone for a loss. Muted by the player's switch; nothing plays while the tab is hidden.
 */
export function createSound() {
  let ctx: AudioContext | null = null;
  let muted = false;
  const audio = () => {
    if (!ctx) ctx = new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    return ctx;
  };
  function tone(
    freq: number,
    start: number,
    length: number,
    type: OscillatorType,
    gain: number,
    slideTo?: number,
  ) {
    const c = audio();
    const osc = c.createOscillator();
    const vol = c.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, c.currentTime + start);
    if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, c.currentTime + start + length);
    vol.gain.setValueAtTime(gain, c.currentTime + start);
    vol.gain.exponentialRampToValueAtTime(0.0001, c.currentTime + start + length);
    osc.connect(vol).connect(c.destination);
    osc.start(c.currentTime + start);
    osc.stop(c.currentTime + start + length + 0.02);
  }
  const play = (f: () => void) => {
    if (muted || document.hidden) return;
    try {
      f();
    } catch {
      // No audio device: the game plays on silently.
    }
  };
  return {
    get muted() {
      return muted;
    },
    toggle() {
      muted = !muted;
      if (!muted) play(() => tone(660, 0, 0.08, 'sine', 0.15));
      return muted;
    },
    /** Unlocks audio on the first gesture (browsers start it suspended). */
    unlock: () => play(() => audio()),
    drop: (row: number) =>
      play(() => {
        tone(240 - row * 12, 0, 0.12, 'triangle', 0.35, 90);
        tone(1200, 0, 0.03, 'square', 0.04);
      }),
    win: () =>
      play(() => {
        for (const [i, f] of [523, 659, 784, 1047].entries()) tone(f, i * 0.11, 0.35, 'sine', 0.2);
      }),
    lose: () =>
      play(() => {
        for (const [i, f] of [392, 330, 262].entries()) tone(f, i * 0.16, 0.4, 'triangle', 0.18);
      }),
    tick: () => play(() => tone(1800, 0, 0.03, 'sine', 0.05)),
  };
}
export type Sound = ReturnType<typeof createSound>;
