// The wasm module's own frames under Node, outside a browser, for
// `cargo xtask bench`: the bot plays seed 42's Fighter (`?bot`), the clock
// moved 30 ms a step, as a command steps; each step's work (the clock's
// step and the painting, no canvas) is timed, and sorted by what it
// painted: part of the picture (a step) or all of it (a screen, a shake).
// Prints one line of JSON: {"part": [ms...], "all": [ms...]}.
// `node web-frames.mjs amulets.wasm STEPS`
import { readFile } from 'node:fs/promises';

const W = 1600, H = 900;
const bytes = await readFile(process.argv[2]);
const steps = Number(process.argv[3] || 3000);
const enc = new TextEncoder();
let wasm;
const none = () => -1;
const imports = {
  amulets: {
    random: () => 42,
    storage_len: none,
    storage_take: () => {},
    storage_set: () => 0,
    storage_set_aside: () => 2,
    storage_remove: () => 0,
  },
};
function put(text) {
  const b = enc.encode(text);
  const at = wasm.amulets_buffer(b.length);
  new Uint8Array(wasm.memory.buffer).set(b, at);
  return b.length;
}
const instance = await WebAssembly.instantiate(await WebAssembly.compile(bytes), imports);
wasm = instance.exports;
wasm.amulets_start(put('?seed=42&class=fighter&bot'), 1);
const part = [], all = [];
let now = 0;
for (let i = 0; i < steps && !wasm.amulets_finished(); i++) {
  now += 30;
  const began = performance.now();
  wasm.amulets_tick(now);
  const at = wasm.amulets_draw();
  const took = performance.now() - began;
  if (at === 0) continue;
  const n = wasm.amulets_dirty_count();
  const r = new Int32Array(wasm.memory.buffer, wasm.amulets_dirty(), n * 4);
  (n === 1 && r[2] === W && r[3] === H ? all : part).push(took);
}
console.log(JSON.stringify({ part, all }));
