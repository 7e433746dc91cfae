// The page's side of Amulets in a browser: it loads amulets.wasm, hands it
// the keys, the mouse, the clock and localStorage, and puts the pictures it
// paints into the canvas. The game, its rules and its picture are all in
// the wasm module (the core, through its Session); nothing here decides
// anything about the game.
'use strict';

const W = 1600, H = 900;
const SAVE = 'amulets.save';
const query = new URLSearchParams(location.search);
// Keys in the link are the test page's alone (test.html, which the check
// serves and `cargo xtask web` does not build): the page a player loads
// never types them, and even there they stop at "a new run?".
const testing = window.AMULETS_TEST === true && query.has('keys');
const canvas = document.getElementById('screen');
const ctx = canvas.getContext('2d');
const say = document.getElementById('say');
const enc = new TextEncoder(), dec = new TextDecoder();
let wasm = null;
let pending = new Uint8Array(0);

if (testing) document.body.classList.add('test');

function bytes() { return new Uint8Array(wasm.memory.buffer); }
function put(text) {
  const b = enc.encode(text);
  const at = wasm.amulets_buffer(b.length);
  bytes().set(b, at);
  return b.length;
}
function out(len) {
  return dec.decode(bytes().subarray(wasm.amulets_out_ptr(), wasm.amulets_out_ptr() + len));
}
function tell(text) { say.textContent = text; }

// localStorage, which a browser may refuse (storage off, some private
// modes): then the game says it keeps no save, and plays on.
function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}
const imports = {
  amulets: {
    random() { return crypto.getRandomValues(new Uint32Array(1))[0]; },
    storage_len() {
      const s = storage();
      if (!s) return -2;
      const text = s.getItem(SAVE);
      if (text === null) return -1;
      pending = enc.encode(text);
      return pending.length;
    },
    storage_take(at) { bytes().set(pending, at); },
    storage_set(at, len) {
      const s = storage();
      if (!s) return 2;
      if (lostTheBeat(s)) return 3;
      try {
        s.setItem(SAVE, dec.decode(bytes().slice(at, at + len)));
        return 0;
      } catch (e) {
        return e && e.name === 'QuotaExceededError' ? 1 : 2;
      }
    },
    storage_set_aside() {
      const s = storage();
      if (!s) return 2;
      if (lostTheBeat(s)) return 2;
      try {
        const text = s.getItem(SAVE);
        if (text === null) return 2;
        let key = SAVE + '.bad';
        for (let n = 1; s.getItem(key) !== null; n++) key = SAVE + '.bad.' + n;
        s.setItem(key, text);
        s.removeItem(SAVE);
        pending = enc.encode(key);
        return 0;
      } catch (e) {
        return 2;
      }
    },
    storage_remove() {
      const s = storage();
      if (!s) return 2;
      if (lostTheBeat(s)) return 3;
      try { s.removeItem(SAVE); return 0; } catch (e) { return 2; }
    },
    // The page's other keys: the runs' records and the hall of fame. Only
    // keys of the game's own (`amulets.`) are read or written.
    key_len(at, len) {
      const s = storage();
      if (!s) return -2;
      const key = dec.decode(bytes().slice(at, at + len));
      if (!key.startsWith('amulets.')) return -2;
      const text = s.getItem(key);
      if (text === null) return -1;
      pending = enc.encode(text);
      return pending.length;
    },
    key_set(key, keyLen, at, len) {
      const s = storage();
      if (!s) return 2;
      const name = dec.decode(bytes().slice(key, key + keyLen));
      if (!name.startsWith('amulets.')) return 2;
      try {
        s.setItem(name, dec.decode(bytes().slice(at, at + len)));
        return 0;
      } catch (e) {
        return e && e.name === 'QuotaExceededError' ? 1 : 2;
      }
    },
    now_seconds() { return Date.now() / 1000; },
  },
};

// The records of the runs this page kept (the game keeps the last ten under
// amulets.morgue.0 to .9, each its file's name, a newline, and its text),
// newest first.
function records() {
  const s = storage();
  if (!s) return [];
  const count = parseInt(s.getItem('amulets.morgue.count') || '0', 10) || 0;
  const out = [];
  for (let n = count - 1; n >= 0 && n >= count - 10; n--) {
    const text = s.getItem('amulets.morgue.' + (n % 10));
    if (text === null) continue;
    const cut = text.indexOf('\n');
    out.push({ name: text.slice(0, cut), text: text.slice(cut + 1) });
  }
  return out;
}

// The list of records under the game, filled afresh when it is opened.
function listRecords() {
  const list = document.getElementById('records');
  const kept = records();
  list.replaceChildren(...(kept.length ? kept : [{ name: 'No records yet' }]).map((r, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = r.name;
    return o;
  }));
  return kept;
}

// One tab writes the save: the one holding this lock. Another plays
// without saving, and the game says so. A reload asks while the page it
// replaces may still hold the lock, so the lock is waited for a moment
// before it counts as another tab's.
const LOCK_WAIT_MS = 2000;
async function holdLock() {
  if (!navigator.locks) return holdByHeartbeat();
  try {
    return await new Promise((resolve, reject) => {
      navigator.locks.request('amulets-save', { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => {
        resolve(true);
        // Held for as long as the page lives.
        return new Promise(() => {});
      }).catch(reject);
    });
  } catch (e) {
    return false;  // the wait ran out: another tab holds it
  }
}

// Without Web Locks (they need a secure origin: a page over plain http
// from another machine has none) one tab still writes: the one whose beat
// stands in localStorage, fresher than STALE_MS. It beats every BEAT_MS;
// a tab that finds another's beat plays without saving, and a tab whose
// beat was taken over (it was asleep too long) stops writing.
const HEART = 'amulets.lock', BEAT_MS = 1000, STALE_MS = 5000;
const me = Array.from(crypto.getRandomValues(new Uint32Array(2))).join('-');
let beating = false;
function beatOf(s) {
  try { return JSON.parse(s.getItem(HEART)); } catch (e) { return null; }
}
function lostTheBeat(s) {
  if (!beating) return false;
  const b = beatOf(s);
  return b !== null && b.id !== me;
}
async function holdByHeartbeat() {
  tell('This page has no Web Locks here (no https): one tab at a time saves.');
  const s = storage();
  if (!s) return true;  // nothing to keep: the game says it keeps no save
  const b = beatOf(s);
  if (b && b.id !== me && Date.now() - b.at < STALE_MS) return false;
  const beat = () => s.setItem(HEART, JSON.stringify({ id: me, at: Date.now() }));
  beat();
  // Two tabs that beat at once: the later one's stands, and both see it.
  await new Promise(r => setTimeout(r, 200));
  if (beatOf(s)?.id !== me) return false;
  beating = true;
  setInterval(() => { if (!lostTheBeat(s)) beat(); }, BEAT_MS);
  return true;
}
function letTheBeatGo() {
  const s = storage();
  if (beating && s && !lostTheBeat(s)) s.removeItem(HEART);
}

// A phone or a tablet: the on-screen pad is shown, and the page takes
// touches (no scrolling, no zoom).
const touch = navigator.maxTouchPoints > 0 || matchMedia('(pointer: coarse)').matches;
// A map cell, in the picture's pixels; on a phone, in CSS pixels, small
// or large (the player's choice, kept with the settings).
const CELL = 20;
const CELL_CSS = [16, 20];
// The desktop picture's cell under this, in CSS pixels, cannot be read:
// the page shows the small picture.
const LEAST_CELL_CSS = 12;
// The small picture (a phone's: the map's part that follows the player,
// the status under it) on a touch screen, or a window too small for the
// desktop's 1600 x 900; never on the test page.
function small(w, h) {
  return !testing && (touch || Math.min(w / W, h / H) * CELL < LEAST_CELL_CSS);
}
// The picture fitted into the window above the bar; on a touch screen
// the pad goes under it (held upright) or beside it (on its side).
function fit() {
  document.body.classList.toggle('compact', small(innerWidth, innerHeight));
  const room = testing ? 0 : document.getElementById('bar').offsetHeight;
  let [w, h] = [innerWidth, innerHeight - room];
  let x0 = 0;
  const pad = document.getElementById('pad');
  const upright = h >= w;
  if (touch && !testing) {
    // The pad's share of the screen: a third of its height upright, two
    // fifths of its width on its side.
    // For the left hand (a setting: the Menu's "Pad for the left hand"),
    // the buttons to the left of the switch, and on its side the pad at
    // the left.
    const left = wasm.amulets_left_hand() === 1;
    const [pw, ph] = upright ? [w, Math.round(h / 3)] : [Math.round(w * 2 / 5), h];
    pad.style.width = pw + 'px';
    pad.style.height = ph + 'px';
    pad.style.flexDirection = (upright ? 'row' : 'column') + (left ? '-reverse' : '');
    pad.style.left = (upright || left ? 0 : w - pw) + 'px';
    pad.style.top = (upright ? h - ph : 0) + 'px';
    if (upright) h -= ph; else w -= pw;
    if (!upright && left) x0 = pw;
    document.getElementById('hand').textContent =
      left ? 'Pad for the right hand' : 'Pad for the left hand';
  }
  let [cw, ch] = [W, H];
  let scale = Math.min(w / W, h / H);
  if (document.body.classList.contains('compact')) {
    // The cell size asked for, or larger when the screen is bigger than
    // the 1600 x 900 the picture can be; smaller only when the screen is
    // smaller than the least the picture lays out.
    const large = wasm.amulets_large_cells();
    scale = Math.max(CELL_CSS[large] / CELL, w / W, h / H);
    [cw, ch] = out(wasm.amulets_out_layout(Math.floor(w / scale), Math.floor(h / scale)))
      .split(' ').map(Number);
    scale = Math.min(scale, w / cw, h / ch);
    document.getElementById('cells').textContent = large ? 'Smaller cells' : 'Larger cells';
  } else {
    wasm.amulets_out_layout(0, 0);
  }
  // A canvas given a size is cleared: only when it changes (and then the
  // module paints all of it, for its picture changed too).
  if (canvas.width !== cw || canvas.height !== ch) [canvas.width, canvas.height] = [cw, ch];
  // Whole pixels when enlarged; smoothed when shrunk, so text stays legible.
  canvas.style.imageRendering = scale >= 1 ? 'pixelated' : 'auto';
  canvas.style.width = cw * scale + 'px';
  canvas.style.height = ch * scale + 'px';
  canvas.style.left = x0 + (w - cw * scale) / 2 + 'px';
  canvas.style.top = (h - ch * scale) / 2 + 'px';
}
function logical(e) {
  const r = canvas.getBoundingClientRect();
  return [(e.clientX - r.left) * canvas.width / r.width, (e.clientY - r.top) * canvas.height / r.height];
}

// Only the rectangles the module painted go to the canvas: a step of a
// command changes a few cells and a line or two of the panel.
// Says what it painted: nothing, 'part' or 'all'.
function show() {
  const at = wasm.amulets_draw();
  if (at === 0) return 'nothing';
  const image = new ImageData(new Uint8ClampedArray(wasm.memory.buffer, at, W * H * 4), W, H);
  const n = wasm.amulets_dirty_count();
  const r = new Int32Array(wasm.memory.buffer, wasm.amulets_dirty(), n * 4);
  for (let i = 0; i < n * 4; i += 4) ctx.putImageData(image, 0, 0, r[i], r[i + 1], r[i + 2], r[i + 3]);
  return n === 1 && r[2] === canvas.width && r[3] === canvas.height ? 'all' : 'part';
}
// For the checks: where the canvas first differs from the module's whole
// picture (a pixel's index), or -1. Only the changed rectangles are put
// on the canvas, and it must hold the whole picture all the same. (The
// small picture is the top left of the module's frame, rows W apart.)
window.amuletsCanvasDiffers = () => {
  const ours = new Uint8Array(wasm.memory.buffer, wasm.amulets_frame(), W * H * 4);
  const [cw, ch] = [canvas.width, canvas.height];
  const shown = ctx.getImageData(0, 0, cw, ch).data;
  for (let y = 0; y < ch; y++) {
    for (let i = 0; i < cw * 4; i++) {
      if (shown[y * cw * 4 + i] !== ours[y * W * 4 + i]) return y * W + (i >> 2);
    }
  }
  return -1;
};
// For the checks: the run's turn, and a map cell (the player's, with no
// cell given) on the screen in CSS pixels [left, top, right, bottom], or
// null when the map shown does not hold it.
window.amuletsPlayer = (cx = -1, cy = -1) => {
  const [turn, ...cell] = out(wasm.amulets_out_cell(cx, cy)).split(' ');
  if (cell[0] === 'off') return [Number(turn), null];
  const [x, y, w, h] = cell.map(Number);
  const r = canvas.getBoundingClientRect();
  const [sx, sy] = [r.width / canvas.width, r.height / canvas.height];
  return [Number(turn), [r.left + x * sx, r.top + y * sy, r.left + (x + w) * sx, r.top + (y + h) * sy]];
};
// The last frames' work (the clock's step, the painting, the canvas), in
// milliseconds, for `cargo xtask bench`: only frames that painted part of
// the picture count (a step), not those that painted all of it (a screen).
const frameTimes = [];
window.amuletsFrameTimes = frameTimes;
// False once the page has put another save in place of its own (Load a
// save): it neither saves nor plays on.
let keeping = true;
// The ARIA live region: what a screen reader says, a line each (the
// core's speech stream). The last SPOKEN_KEPT lines stay in it.
const SPOKEN_KEPT = 40;
function speak() {
  const len = wasm.amulets_out_speech();
  if (!len) return;
  const region = document.getElementById('speech');
  for (const text of out(len).split('\n')) {
    if (!text) continue;
    const p = document.createElement('p');
    p.textContent = text;
    region.appendChild(p);
  }
  while (region.childElementCount > SPOKEN_KEPT) region.firstElementChild.remove();
}
function frame() {
  if (!keeping) return;
  const began = performance.now();
  wasm.amulets_tick(began);
  speak();
  if (show() === 'part') {
    if (frameTimes.length >= 1000) frameTimes.shift();
    frameTimes.push(performance.now() - began);
  }
  if (wasm.amulets_finished()) {
    tell('The game is over: reload the page to play again.');
    return;
  }
  requestAnimationFrame(frame);
}

// The fingers on the map, and what they are doing: 'tap' until one moves
// or is held (a long press: 'long'), 'pinch' with two.
const LONG_PRESS_MS = 500, SLOP_CSS = 12, PINCH = 1.2;
const fingers = new Map();
let gesture = null, pressing = 0, pinchFrom = 0;
function spread() {
  const [a, b] = [...fingers.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
}
function fingerDown(e) {
  canvas.setPointerCapture(e.pointerId);
  fingers.set(e.pointerId, { x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY, at: logical(e) });
  if (fingers.size === 1) {
    gesture = 'tap';
    const at = fingers.get(e.pointerId).at;
    pressing = setTimeout(() => {
      if (gesture !== 'tap') return;
      gesture = 'long';
      wasm.amulets_touch(at[0], at[1], 1);
      speak();
    }, LONG_PRESS_MS);
  } else if (fingers.size === 2) {
    gesture = 'pinch';
    clearTimeout(pressing);
    pinchFrom = spread();
  }
}
function fingerUp(e) {
  const f = fingers.get(e.pointerId);
  if (!f) return;
  if (gesture === 'pinch' && fingers.size === 2) {
    // Apart: the larger cells; together: the smaller.
    const ratio = spread() / Math.max(pinchFrom, 1);
    const large = wasm.amulets_large_cells() === 1;
    if ((ratio > PINCH && !large) || (ratio < 1 / PINCH && large)) {
      wasm.amulets_set_large_cells(large ? 0 : 1);
      fit();
    }
    gesture = 'done';
  } else if (gesture === 'tap' && fingers.size === 1) {
    clearTimeout(pressing);
    wasm.amulets_touch(f.at[0], f.at[1], 0);
    speak();
  }
  fingers.delete(e.pointerId);
  if (fingers.size === 0) gesture = null;
}

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}

function wire() {
  addEventListener('resize', fit);
  // The phone's menu of the page's actions, and its cell sizes.
  const menu = document.getElementById('menu');
  const openMenu = open => {
    document.body.classList.toggle('menu-open', open);
    menu.setAttribute('aria-expanded', String(open));
  };
  menu.addEventListener('click', () => openMenu(!document.body.classList.contains('menu-open')));
  // Anything chosen in it, or a touch elsewhere, closes it.
  document.getElementById('actions').addEventListener('change', () => openMenu(false));
  document.getElementById('actions').addEventListener('click', e => {
    if (e.target.tagName === 'BUTTON') openMenu(false);
  });
  canvas.addEventListener('pointerdown', () => openMenu(false));
  document.getElementById('pad').addEventListener('pointerdown', () => openMenu(false));
  document.getElementById('hand').addEventListener('click', () => {
    wasm.amulets_set_left_hand(wasm.amulets_left_hand() ? 0 : 1);
    fit();
    canvas.focus();
  });
  document.getElementById('cells').addEventListener('click', () => {
    wasm.amulets_set_large_cells(wasm.amulets_large_cells() ? 0 : 1);
    fit();
    canvas.focus();
  });
  addEventListener('keydown', e => {
    if (e.ctrlKey || e.metaKey) return;  // the browser's own shortcuts
    wasm.amulets_key_down(put(e.key + '\t' + e.code), e.repeat ? 1 : 0, e.altKey ? 1 : 0);
    e.preventDefault();
  });
  addEventListener('keyup', e => { wasm.amulets_key_up(put(e.key + '\t' + e.code)); });
  canvas.addEventListener('pointermove', e => {
    if (e.pointerType === 'mouse') wasm.amulets_mouse_move(...logical(e));
  });
  canvas.addEventListener('pointerleave', () => wasm.amulets_mouse_move(-1, -1));
  // A click: travel there (fire there, aiming). A finger's gestures are
  // the game's (the play layer's tap_actions, docs/web.md): a tap, a long
  // press (a look), and a pinch between the two cell sizes.
  canvas.addEventListener('pointerdown', e => {
    e.preventDefault();
    canvas.focus();
    if (e.pointerType === 'touch') fingerDown(e);
    else if (e.button === 0) wasm.amulets_click(...logical(e));
  });
  canvas.addEventListener('pointermove', e => {
    const f = fingers.get(e.pointerId);
    if (!f) return;
    [f.x, f.y] = [e.clientX, e.clientY];
    if (gesture === 'tap' && Math.hypot(f.x - f.x0, f.y - f.y0) > SLOP_CSS) {
      gesture = 'moved';
      clearTimeout(pressing);
    }
  });
  canvas.addEventListener('pointerup', fingerUp);
  canvas.addEventListener('pointercancel', e => { gesture = 'done'; fingerUp(e); });
  // The pad: each button held while a finger is on it.
  let held = 0;
  for (const b of document.querySelectorAll('#pad button')) {
    const bit = 1 << parseInt(b.dataset.bit, 10);
    const set = on => e => {
      e.preventDefault();
      held = on ? held | bit : held & ~bit;
      b.classList.toggle('down', on);
      wasm.amulets_pad(held, performance.now());
      speak();
    };
    b.addEventListener('pointerdown', e => { b.setPointerCapture(e.pointerId); set(true)(e); });
    for (const ev of ['pointerup', 'pointercancel', 'lostpointercapture']) {
      b.addEventListener(ev, e => { if (held & bit) set(false)(e); });
    }
  }
  addEventListener('pagehide', () => {
    if (keeping) {
      const len = wasm.amulets_close();
      if (len) console.error(out(len));
    }
    letTheBeatGo();
  });
  // A phone may end a hidden tab without a pagehide: the run is saved when
  // the page is hidden, and plays on when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || !keeping) return;
    const len = wasm.amulets_keep();
    if (len) console.error(out(len));
  });
  const list = document.getElementById('records');
  list.addEventListener('focus', listRecords);
  list.addEventListener('mousedown', listRecords);
  document.getElementById('record-file').addEventListener('click', () => {
    const kept = records();
    const r = kept[parseInt(list.value || '0', 10)] || kept[0];
    if (r) download(r.name, r.text); else tell('No run has ended in this page yet.');
  });
  document.getElementById('save-file').addEventListener('click', () => {
    const len = wasm.amulets_out_save();
    if (len) download('save.txt', out(len)); else tell('No run is in play to save.');
  });
  document.getElementById('replay-file').addEventListener('click', () => {
    const len = wasm.amulets_out_replay();
    if (len) download('replay.txt', out(len)); else tell('No run was begun in this page.');
  });
  document.getElementById('play-file').addEventListener('change', async e => {
    const file = e.target.files[0];
    if (!file) return;
    const why = wasm.amulets_play_replay(put(await file.text()));
    tell(why ? out(why) : file.name + ' played back to its end; its run is not saved.');
    canvas.focus();
  });
  const keymap = document.getElementById('keymap');
  keymap.value = out(wasm.amulets_out_keymap());
  keymap.addEventListener('change', () => {
    const why = wasm.amulets_set_keymap(put(keymap.value));
    tell(why ? out(why) : 'Keys: ' + keymap.selectedOptions[0].text.replace('Keys: ', '') + '. ? lists them.');
    canvas.focus();
  });
  document.getElementById('keys-file').addEventListener('change', async e => {
    const file = e.target.files[0];
    if (!file) return;
    const why = wasm.amulets_load_keymap(put(await file.text()));
    keymap.value = 'keys.txt';
    tell(why ? out(why) : 'Keys: ' + file.name + ', kept in this browser. ? lists them.');
    canvas.focus();
  });
  document.getElementById('load-file').addEventListener('change', async e => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    const why = wasm.amulets_check_save(put(text));
    if (why) { tell(out(why)); return; }
    const s = storage();
    if (!s) { tell('This browser keeps no storage for the page: the save cannot be loaded.'); return; }
    if (s.getItem(SAVE) !== null &&
        !confirm('Replace the run saved in this browser with the one in ' + file.name + '?')) return;
    // The loaded save is what the page keeps: this page's run is not saved
    // over it, now or as the page goes.
    keeping = false;
    s.setItem(SAVE, text);
    // The title then offers to continue it.
    location.search = '';
  });
}

// The page works with no network once loaded: its service worker keeps its
// files (sw.js). And its storage is asked to last: a browser may otherwise
// evict it (Safari after seven days without a visit), saves and all.
function keepForOffline() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().then(kept => {
      document.body.dataset.persisted = kept ? 'yes' : 'no';
    }).catch(() => {});
  }
}

async function main() {
  keepForOffline();
  const claimed = await holdLock();
  // For the checks (and harmless to a player): whether this tab saves.
  document.body.dataset.saving = claimed ? 'yes' : 'no';
  const code = await (await fetch('amulets.wasm')).arrayBuffer();
  // Compiled at once, not by the promise-based WebAssembly.instantiate:
  // the module is far below the 8 MB a browser compiles on its main thread
  // (some 20 ms here), and headless Chromium's virtual time, which stands
  // still only while a request is pending, ran past an asynchronous
  // compile in 2 runs of 10 and took its picture of an empty page.
  const instance = new WebAssembly.Instance(new WebAssembly.Module(code), imports);
  wasm = instance.exports;
  if (touch) document.body.classList.add('touch');
  const bad = wasm.amulets_start(put(location.search), claimed ? 1 : 0);
  // A touch screen plays with the pad from the first: its help, its
  // choice marked, what its buttons do.
  if (touch && !testing) {
    wasm.amulets_pad(0, performance.now());
    tell('C: menu. B: back. Tap: go, fight. Hold: look. Pinch: zoom.');
  }
  if (bad) tell(out(bad));
  fit();
  wire();
  listRecords();
  if (testing) {
    // For the tests: the keys played at once, then the run saved as a
    // closed page saves it, and the hash and the save written into the page.
    if (query.has('replay')) {
      const text = await (await fetch(query.get('replay'))).text();
      const bad = wasm.amulets_play_replay(put(text));
      if (bad) tell(out(bad));
    }
    const why = wasm.amulets_play_keys(put(query.get('keys')), performance.now());
    if (why) tell(out(why));
    show();
    if (query.has('close')) wasm.amulets_close();
    const hash = out(wasm.amulets_out_state_hash());
    const s = storage();
    document.getElementById('amulets-test').textContent =
      'state hash ' + hash + '\nclaimed ' + claimed + '\n' + (s && s.getItem(SAVE) || '');
    return;
  }
  document.body.dataset.started = 'yes';
  canvas.focus();
  requestAnimationFrame(frame);
}
main().catch(e => tell('The game could not start: ' + e));
