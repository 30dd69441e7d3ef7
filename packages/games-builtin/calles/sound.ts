// Sounds made with WebAudio (no files): a punch, coins, a fanfare and a low horn. Muted state is
// the player's choice for this visit (the frame has no storage of its own).

let context: AudioContext | undefined;
let muted = false;

export const isMuted = () => muted;
export function setMuted(value: boolean) {
  muted = value;
  if (muted) void context?.suspend();
  else void context?.resume();
}

function ctx(): AudioContext | undefined {
  if (muted) return undefined;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    return context;
  } catch {
    return undefined;
  }
}

function tone(freq: number, at: number, length: number, type: OscillatorType, gain = 0.15, slideTo?: number) {
  const c = ctx();
  if (!c) return;
  const osc = c.createOscillator();
  const vol = c.createGain();
  const t = c.currentTime + at;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t + length);
  vol.gain.setValueAtTime(gain, t);
  vol.gain.exponentialRampToValueAtTime(0.001, t + length);
  osc.connect(vol).connect(c.destination);
  osc.start(t);
  osc.stop(t + length);
}

function noise(at: number, length: number, gain = 0.3) {
  const c = ctx();
  if (!c) return;
  const buffer = c.createBuffer(1, Math.floor(c.sampleRate * length), c.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
  const src = c.createBufferSource();
  const vol = c.createGain();
  src.buffer = buffer;
  vol.gain.value = gain;
  src.connect(vol).connect(c.destination);
  src.start(c.currentTime + at);
}

export const sounds = {
  click: () => tone(660, 0, 0.06, 'square', 0.05),
  punch: () => {
    noise(0, 0.18, 0.35);
    tone(140, 0, 0.2, 'sine', 0.3, 50);
  },
  coins: () =>
    [0, 0.07, 0.14].forEach((at, i) => {
      tone(1200 + i * 260, at, 0.12, 'triangle', 0.08);
    }),
  win: () =>
    [523, 659, 784, 1047].forEach((f, i) => {
      tone(f, i * 0.11, 0.22, 'square', 0.07);
    }),
  lose: () =>
    [392, 330, 262].forEach((f, i) => {
      tone(f, i * 0.16, 0.3, 'sawtooth', 0.06);
    }),
  alarm: () =>
    [0, 0.25].forEach((at) => {
      tone(880, at, 0.18, 'square', 0.06, 440);
    }),
};
