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
// `wasiImport` is in every Node since 12; `getImportObject()` only from 19.8,
// and Debian 12 ships Node 18.
const imports = { wasi_snapshot_preview1: wasi.wasiImport };
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance);
