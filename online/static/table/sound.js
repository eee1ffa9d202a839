// Short sounds made in the page with WebAudio (no audio files): a card laid down, a call said, and "your turn".
// Silent while muted (prefs.js) and until the reader has touched the page once, as browsers require.

import { muted } from "/static/table/prefs.js";

let context = null;

function audio() {
  if (context) return context;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  try { context = new Context(); } catch (_) { context = null; }
  return context;
}

// Browsers start audio only after a gesture: make the context on the first one.
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, () => audio(), { once: true, passive: true });

function tone(ctx, frequency, start, length, { type = "sine", volume = 0.12 } = {}) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

function slap(ctx, start) {
  // A card on cloth: a very short burst of filtered noise.
  const length = 0.07;
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(start);
}

/** Play `kind`: "card", "call" or "turn". */
export function sound(kind) {
  if (muted() || !context || context.state !== "running") return;
  const now = context.currentTime;
  if (kind === "card") slap(context, now);
  else if (kind === "call") {
    tone(context, 520, now, 0.12, { type: "triangle" });
    tone(context, 780, now + 0.1, 0.18, { type: "triangle" });
  } else if (kind === "turn") {
    tone(context, 880, now, 0.25, { volume: 0.08 });
    tone(context, 1320, now + 0.12, 0.3, { volume: 0.06 });
  }
}
