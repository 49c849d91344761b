// Optional sound effects made with the Web Audio API: no sound files. Minesweeper's clicks and
// clock, Gomoku's clock's last seconds; the `sound` setting turns them on.

let context = null;

function tone({ frequency, duration, type = 'square', volume = 0.08, slideTo }) {
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, context.currentTime);
  if (slideTo) oscillator.frequency.exponentialRampToValueAtTime(slideTo, context.currentTime + duration);
  gain.gain.setValueAtTime(volume, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + duration);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + duration);
}

export const sounds = {
  click: () => tone({ frequency: 880, duration: 0.04 }),
  // The clock's second, quieter and shorter than a click.
  tick: () => tone({ frequency: 1320, duration: 0.015, volume: 0.03 }),
  explosion: () => tone({ frequency: 220, slideTo: 30, duration: 0.6, type: 'sawtooth', volume: 0.15 }),
  // A clock's last seconds (Gomoku's): a short high beep, once a second.
  warning: () => tone({ frequency: 1760, duration: 0.06, type: 'triangle', volume: 0.06 }),
  // A flag fell: a falling tone.
  flag: () => tone({ frequency: 660, slideTo: 220, duration: 0.4, type: 'triangle', volume: 0.1 }),
  win: () => [523, 659, 784, 1047].forEach((frequency, i) => setTimeout(() => tone({ frequency, duration: 0.15, type: 'triangle' }), i * 120)),
};

/// Plays a sound if the player turned sound on.
export function play(enabled, name) {
  if (!enabled) return;
  try {
    sounds[name]();
  } catch (error) {
    console.warn('sound unavailable', error);
  }
}
