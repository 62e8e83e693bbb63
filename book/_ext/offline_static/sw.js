// The site's service worker (book/_ext/offline_app.py writes it to the site root as sw.js,
// with VERSION and PRECACHE filled in). Its scope is the site root, also under a sub-path
// such as /texas42/. After a first visit every page and the live Python work offline.
//
// * fill: every page and the files they link to go into the cache "texas42-VERSION";
//   the live Python's files (Pyodide and the wheels the explorers load) join it as soon as
//   this device has loaded them once (see keepIfLoaded), with no download of their own.
//   On a first visit nothing is fetched at install: the page (t42-app.js) sends "keep"
//   once it no longer needs the network for itself (its first explorer live and the page
//   idle, or a page without explorers idle, or a later visit), so that the offline copy
//   never slows the first explorer down. A new build's install carries the older copy
//   over (an update costs only the files that changed).
// * fetch: a GET in scope is answered from that cache, else from the network (and kept).
//   JupyterLite (lite/, with its own service worker) and room.json (the addresses
//   `make serve` shares, live) are left to the network; lite/static/pyodide/ is ours. So
//   are the classroom server's answers (api/: a student's progress, the teacher's page).
// * a new build has another VERSION: it installs beside the old one and waits; the page
//   (t42-app.js) shows "A new version of this site is ready" and, on Reload, sends
//   "skip-waiting"; activate then deletes every older texas42- cache.
"use strict";

const VERSION = "__T42_VERSION__";
const PRECACHE = __T42_PRECACHE__;
const CACHE = "texas42-" + VERSION;
const SCOPE = new URL("./", self.location.href);
const PASS = [/^lite\/(?!static\/pyodide\/)/, /^room\.json$/, /^sw\.js$/, /^__t42_index__$/,
              /^api\//, /^teacher\//];

function inScope(url) {
  return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname);
}

function ours(url) {
  if (!inScope(url)) return false;
  const path = url.pathname.slice(SCOPE.pathname.length);
  return !PASS.some((pattern) => pattern.test(path));
}

const INDEX = "__t42_index__"; // path -> content hash of the files a cache holds

// The live Python's files ("lazy") are kept without a download of their own: from the
// browser's HTTP cache when a page already loaded them, or when the Python worker fetches
// them through this service worker. A visit that never starts an explorer costs nothing.
async function keepIfLoaded(cache, url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (response.ok) {
      await cache.put(url, response);
      return true;
    }
  } catch (err) {
    // not in the HTTP cache: kept when the Python worker fetches it
  }
  return false;
}

async function keepLazy(pythonRan) {
  const cache = await caches.open(CACHE);
  const missing = [];
  let kept = 0;
  for (const [path, , lazy] of PRECACHE) {
    if (!lazy) continue;
    const url = new URL(path, SCOPE).href;
    if ((await cache.match(url)) || (await keepIfLoaded(cache, url))) kept++;
    else missing.push(url);
  }
  // This device has run the Python (the page says so once it was ready, so none of its
  // files is still loading), but a file was too big for the HTTP cache (Chromium's
  // in-memory cache of a private window drops the 9.6 MB wasm): fetch the rest once, so
  // that the Python works offline.
  if (pythonRan && kept && missing.length) {
    await Promise.all(
      missing.map(async (url) => {
        try {
          const response = await fetch(url);
          if (response.ok) await cache.put(url, response);
        } catch (err) {
          // offline now: tried again on the next page
        }
      })
    );
  }
}

// The older builds' filled copies: { cache, index }.
async function olderCopies() {
  const older = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("texas42-") || name === CACHE) continue;
    const old = await caches.open(name);
    const index = await old.match(new URL(INDEX, SCOPE).href);
    if (index) older.push({ cache: old, index: await index.json() });
  }
  return older;
}

// Every file of PRECACHE into this build's cache, once (the index says it is done).
async function precache(older) {
  const cache = await caches.open(CACHE);
  if (await cache.match(new URL(INDEX, SCOPE).href)) return;
  const hashes = {};
  await Promise.all(
    PRECACHE.map(async ([path, hash, lazy]) => {
      hashes[path] = hash;
      const url = new URL(path, SCOPE).href;
      if (await cache.match(url)) return;
      // An older build's copy of a file whose hash has not changed is taken as it is.
      for (const old of older) {
        const copy = old.index[path] === hash && (await old.cache.match(url));
        if (copy) return cache.put(url, copy);
      }
      if (lazy) return keepIfLoaded(cache, url);
      // "no-cache": revalidated against the server, so a new build never stores an old
      // file from the HTTP cache (an unchanged one costs a 304 only).
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      await cache.put(url, response);
    })
  );
  await cache.put(
    new URL(INDEX, SCOPE).href,
    new Response(JSON.stringify(hashes), { headers: { "Content-Type": "application/json" } })
  );
}

self.addEventListener("install", (event) => {
  // A new build: fill now from the older copy (a first visit waits for "keep").
  event.waitUntil(olderCopies().then((older) => older.length && precache(older)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("texas42-") && name !== CACHE) await caches.delete(name);
      }
      await caches.open(CACHE); // (empty until a page says it may be filled)
      await self.clients.claim();
    })()
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "version" && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
  if (data.type === "keep" && Array.isArray(data.urls)) {
    // The page is idle: the offline copy is filled (once), then what the page loaded
    // before this worker controlled it (fonts, MathJax's parts) and the Python's files a
    // worker that started before it loaded (HTTP cache only) are kept.
    event.waitUntil(
      (async () => {
        try {
          await precache(await olderCopies());
        } catch (err) {
          // offline or a file gone: filled on the next page
        }
        await keepLazy(!!data.pythonRan);
        const cache = await caches.open(CACHE);
        for (const href of data.urls) {
          const url = new URL(href);
          if (!ours(url) || (await cache.match(url.href))) continue;
          try {
            const response = await fetch(url.href);
            if (response.ok) await cache.put(url.href, response);
          } catch (err) {
            // offline or gone: it is fetched and kept when a page asks for it
          }
        }
      })()
    );
  }
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  // The cache is this build's: a "?v=" query names the same file.
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !request.headers.has("range")) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (err) {
    if (navigate) {
      const body =
        "<!doctype html><meta charset=utf-8><title>Offline</title>" +
        "<p>You are offline and this page was not saved on this device yet.</p>";
      return new Response(body, { status: 503, headers: { "Content-Type": "text/html" } });
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!ours(url)) return;
  event.respondWith(answer(request));
});
