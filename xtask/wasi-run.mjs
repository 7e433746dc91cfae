// Runs a wasm32-wasip1 program (a cargo test binary) under Node's WASI, as
// cargo's runner: `node wasi-run.mjs program.wasm [args...]`. The test
// binaries read nothing from disk but the replays CI records: when
// AMULETS_CI_REPLAYS names their folder, it is opened to the program as
// /ci-replays, and the program is told so (with their count).
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [program, ...args] = process.argv.slice(2);
const replays = process.env.AMULETS_CI_REPLAYS;
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: replays ? {
    AMULETS_CI_REPLAYS: '/ci-replays',
    AMULETS_CI_REPLAYS_COUNT: process.env.AMULETS_CI_REPLAYS_COUNT || '',
  } : {},
  preopens: replays ? { '/ci-replays': replays } : {},
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
// `wasiImport` is in every Node since 12; `getImportObject()` only from 19.8,
// and Debian 12 ships Node 18.
const imports = { wasi_snapshot_preview1: wasi.wasiImport };
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance);
