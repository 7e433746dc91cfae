// The wasm module's own frames under Node, outside a browser, for
// `cargo xtask bench`: the bot plays seed 42's Fighter (`?bot`), the clock
// moved 30 ms a step, as a command steps; each step's work (the clock's
// step and the painting, no canvas) is timed, and sorted by what it
// painted: part of the picture (a step) or all of it (a screen, a shake).
// Prints one line of JSON: {"part": [ms...], "all": [ms...]}.
// `node web-frames.mjs amulets.wasm STEPS`
import { readFile } from 'node:fs/promises';
import { imports, paintedWhole, putter } from './web-module.mjs';

const bytes = await readFile(process.argv[2]);
const steps = Number(process.argv[3] || 3000);
const module = await WebAssembly.compile(bytes);
const wasm = (await WebAssembly.instantiate(module, imports)).exports;
wasm.amulets_start(putter(wasm)('?seed=42&class=fighter&bot'), 1);
const part = [], all = [];
let now = 0;
for (let i = 0; i < steps && !wasm.amulets_finished(); i++) {
  now += 30;
  const began = performance.now();
  wasm.amulets_tick(now);
  const painted = wasm.amulets_draw() !== 0;
  const took = performance.now() - began;
  if (painted) (paintedWhole(wasm) ? all : part).push(took);
}
console.log(JSON.stringify({ part, all }));
