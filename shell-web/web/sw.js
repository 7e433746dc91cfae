// The page's service worker: it keeps the page, its script, its module,
// its manifest and its icons in a cache named by the build (`cargo xtask
// web` writes the name: the version and a hash of the files), so the game
// loads and plays with no network once it has been loaded once. A new
// build is a new worker with a new cache; the old caches go when it takes
// over. Saves are not here: they are the page's localStorage.
'use strict';

const CACHE = 'amulets-BUILD';
const FILES = ['./', 'index.html', 'amulets.js', 'amulets.wasm', 'manifest.webmanifest',
               'icon-192.png', 'icon-512.png'];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', event => {
  event.waitUntil(
    caches.keys()
      .then(names => Promise.all(names
        .filter(n => n.startsWith('amulets-') && n !== CACHE)
        .map(n => caches.delete(n))))
      .then(() => self.clients.claim()));
});

// The page's own files from the cache, whatever the link's query (the page
// is the same page for ?seed=42); anything else from the network.
self.addEventListener('fetch', event => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then(c => c.match(request, { ignoreSearch: true }))
      .then(kept => kept || fetch(request)));
});
