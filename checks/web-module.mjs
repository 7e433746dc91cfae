// What the xtask's timings under Node share (web-first-frame.mjs,
// web-frames.mjs): the imports the page gives amulets.wasm, here with no
// storage and a fixed seed, and text put into the module's buffer.
export const W = 1600, H = 900;

const none = () => -1;
export const imports = {
  amulets: {
    random: () => 42,
    storage_len: none,
    storage_take: () => {},
    storage_set: () => 0,
    storage_set_aside: () => 2,
    storage_remove: () => 0,
    key_len: none,
    key_set: () => 0,
    // 2026-12-02 00:00 UTC, a fixed day.
    now_seconds: () => 1796169600,
  },
};

// A function that puts text into the module's buffer and says its length.
export function putter(wasm) {
  const enc = new TextEncoder();
  return text => {
    const b = enc.encode(text);
    const at = wasm.amulets_buffer(b.length);
    new Uint8Array(wasm.memory.buffer).set(b, at);
    return b.length;
  };
}

// Whether the rectangles the last amulets_draw painted are the whole picture.
export function paintedWhole(wasm) {
  const n = wasm.amulets_dirty_count();
  const r = new Int32Array(wasm.memory.buffer, wasm.amulets_dirty(), n * 4);
  return n === 1 && r[2] === W && r[3] === H;
}
