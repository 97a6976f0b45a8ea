// Service worker: precaches every file of the built site, then serves it cache-first, so
// after one visit the game loads and plays with the network off.
//
// This is a template: build/build_site.py replaces the two placeholders below with the
// content-hashed cache name and the list of every asset of dist/site. A new build has a new
// name. Its worker precaches it, then waits while a page of the old build is open: the page
// says that a new version is ready and, when the player agrees, between two moves, sends
// "skip-waiting" (app.js). The new worker then takes over, deletes every older "vinci-"
// cache, and the page reloads into the new build. With no page open it takes over at once.
"use strict";

const CACHE_NAME = __VINCI_CACHE_NAME__;
const ASSETS = __VINCI_ASSETS__;
const CACHE_PREFIX = "vinci-";
const SCOPE = new URL(self.registration.scope);
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // "no-cache": revalidate with the server (a 304 costs no body) so that a file kept in
      // the HTTP cache from an older build never lands in the new build's cache.
      await cache.addAll(ASSETS.map((url) => new Request(new URL(url, SCOPE), { cache: "no-cache" })));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return; // never proxy other origins (there are none)
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // Share links carry their data in the query or the fragment: the page is the same file.
      let hit = await cache.match(request, { ignoreSearch: true });
      if (!hit && request.mode === "navigate") hit = await cache.match(INDEX);
      return hit || fetch(request);
    })(),
  );
});
