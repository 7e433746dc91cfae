// Runs a wasm32-wasip1 program (a cargo test binary) under Node's WASI, as
// cargo's runner: `node wasi-run.mjs program.wasm [args...]`. The test
// binaries read nothing from disk, so no directory is opened to them.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: {},
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
