// Move sounds, synthesised with the Web Audio API (no files to download): a short knock for a
// move, a lower double knock for a capture, two rising notes for check, a short phrase when the
// game ends. Nothing plays before the user's first gesture on the page (browsers refuse audio
// before one, and say so in the console), nor with the setting off.
import { session } from '../session';

export type SoundKind = 'move' | 'capture' | 'check' | 'end';

let context: AudioContext | null = null;
let gestured = false;
const GESTURES = ['pointerdown', 'keydown'] as const;

function unlock(): void {
  gestured = true;
  for (const type of GESTURES) document.removeEventListener(type, unlock, true);
}
for (const type of GESTURES) document.addEventListener(type, unlock, true);

/** Notes as [frequency in Hz, start in s, length in s, oscillator type]. */
type Note = [number, number, number, OscillatorType];
const SOUNDS: Record<SoundKind, Note[]> = {
  move: [[420, 0, 0.07, 'triangle']],
  capture: [[330, 0, 0.07, 'triangle'], [250, 0.07, 0.1, 'triangle']],
  check: [[660, 0, 0.1, 'sine'], [880, 0.11, 0.16, 'sine']],
  end: [[523, 0, 0.14, 'sine'], [659, 0.15, 0.14, 'sine'], [784, 0.3, 0.3, 'sine']],
};

export function playSound(kind: SoundKind): void {
  const { sounds, volume } = session.prefs;
  if (!sounds || volume <= 0 || !gestured) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    for (const [freq, start, length, type] of SOUNDS[kind]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      // A quick attack and an exponential fade: a knock, not a beep.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.5 * volume, now + start + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // No audio on this device: the game goes on silently.
  }
}
