// How long amulets.wasm takes from its bytes to its first frame: compile,
// instantiate, start seed 42's Rogue, paint the 1600 x 900 picture; then
// one more frame after a key. Run by `cargo xtask web --check` under Node,
// outside a browser, so the figure is the module's own (no network, no
// browser start-up). `node web-first-frame.mjs amulets.wasm`
import { readFile } from 'node:fs/promises';
import { imports, putter } from './web-module.mjs';

const bytes = await readFile(process.argv[2]);
const t0 = performance.now();
const module = await WebAssembly.compile(bytes);
const wasm = (await WebAssembly.instantiate(module, imports)).exports;
const put = putter(wasm);
wasm.amulets_start(put('?seed=42&class=rogue'), 1);
if (wasm.amulets_draw() === 0) throw new Error('no first frame');
const t1 = performance.now();
wasm.amulets_key_down(put('.\tPeriod'), 0, 0);
const t2 = performance.now();
if (wasm.amulets_draw() === 0) throw new Error('no frame after a key');
const t3 = performance.now();
console.log(`first frame ${(t1 - t0).toFixed(1)} ms (compile and start), a frame after a key ${(t3 - t2).toFixed(1)} ms`);
