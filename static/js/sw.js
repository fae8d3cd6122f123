/* The service worker: the app shell offline, pages network-first, static files cache-first.
   Served from /sw.js, which fills in VERSION (a hash of the static files) and SHELL. */
"use strict";

var VERSION = "__VERSION__";
var SHELL = [] /* SHELL */;
var CACHE = "canasta-" + VERSION;
var OFFLINE = SHELL[0];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // "reload" skips the HTTP cache, so a deploy never precaches yesterday's files.
      return cache.addAll(SHELL.map(function (url) { return new Request(url, { cache: "reload" }); }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("canasta-") === 0 && key !== CACHE;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

/* Pages: the network first, so the sheet is never stale; offline, the last copy or the notice. */
function page(request) {
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (request.method === "GET" && response.ok && type.indexOf("text/html") === 0) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    var cached = request.method === "GET" ? caches.match(request) : Promise.resolve(undefined);
    return cached.then(function (hit) { return hit || caches.match(OFFLINE); });
  });
}

/* Static files: from the cache, which a new version of this worker refreshes. */
function file(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(file(request));
  }
});
