/* The service worker: the app shell offline, pages network-first, static files cache-first.
   Served from /sw.js, which fills in VERSION (a hash of the static files) and SHELL. */
"use strict";

var VERSION = "__VERSION__";
var SHELL = [] /* SHELL */;
var NOTICES = {} /* NOTICES */;  // the offline notice by language, as Content-Language names it
var CACHE = "canasta-" + VERSION;
var OFFLINE = SHELL[0];
var LANGUAGE = "/sw-language";  // a cache entry: the language of the last page fetched
var language = null;
var SHEET = /^\/games\/[^\/]+$/;  // a game's sheet, kept readable offline as a plain copy

importScripts("/static/js/outbox.js?v=" + VERSION);  // the outbox, sent from here by Background Sync

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

/* Pages holding a link or a form token say no-store (or private): never kept on the phone. */
function keepable(response) {
  var control = (response.headers.get("Cache-Control") || "").toLowerCase();
  var type = response.headers.get("Content-Type") || "";
  return response.ok && type.indexOf("text/html") === 0 &&
    control.indexOf("no-store") < 0 && control.indexOf("private") < 0;
}

/* A game or a group the server no longer opens for this phone (link replaced or member
   removed: 403, gone: 404) leaves no copy of its pages behind. (Group pages are sent
   private, no-store, so none should be here: this is the second lock on the door.) */
function forget(url) {
  var found = /^\/(games|groups)\/([^\/]+)/.exec(url.pathname);
  if (!found) return Promise.resolve();
  var prefix = url.origin + "/" + found[1] + "/" + found[2];
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) {
        return r.url === prefix || r.url.indexOf(prefix + "/") === 0 || r.url.indexOf(prefix + "?") === 0;
      }).map(function (r) { return cache.delete(r); }));
    });
  });
}

/* The language the phone reads pages in, kept for the offline notice (the worker may be
   stopped between pages, so it is written to the cache, and only when it changes). */
function remember(response) {
  var said = response.headers.get("Content-Language");
  if (!said || said === language || !NOTICES[said]) return;
  language = said;
  caches.open(CACHE).then(function (cache) { return cache.put(LANGUAGE, new Response(said)); });
}

function notice() {
  return caches.match(LANGUAGE).then(function (hit) { return hit ? hit.text() : ""; })
    .then(function (said) { return caches.match(NOTICES[said] || OFFLINE); })
    .then(function (hit) { return hit || caches.match(OFFLINE); });
}

/* The sheet this phone last saw, readable offline: the server's copy of it without forms or
   tokens (?copy=offline), kept in this browser's cache under the sheet's own address and
   dropped with the game's other pages on a 403/404 or when this phone deletes the game. */
function keepCopy(url) {
  return fetch(url.origin + url.pathname + "?copy=offline", {
    credentials: "same-origin", headers: { Accept: "text/html" }, cache: "no-store"
  }).then(function (response) {
    if (response.status === 403 || response.status === 404) return forget(url);
    if (!response.ok) return;
    return response.blob().then(function (body) {
      var headers = new Headers();
      ["Content-Type", "Content-Language", "Content-Security-Policy"].forEach(function (name) {
        var value = response.headers.get(name);
        if (value) headers.set(name, value);
      });
      return caches.open(CACHE).then(function (cache) {
        return cache.put(url.origin + url.pathname, new Response(body, { headers: headers }));
      });
    });
  }).catch(function () { /* offline again: the last copy stays */ });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.copy && SHEET.test(data.copy)) {
    event.waitUntil(keepCopy(new URL(data.copy, self.location.origin)));
  }
});

/* Background Sync (Chromium): the outbox is sent when the connection is back, even with no
   page open. A hand still waiting (offline again) fails the sync, so the browser retries. */
self.addEventListener("sync", function (event) {
  if (event.tag !== self.Outbox.TAG) return;
  event.waitUntil(self.Outbox.flush().then(function () {
    return self.Outbox.all();
  }).then(function (entries) {
    if (entries.some(function (e) { return e.state === "waiting"; })) throw new Error("later");
  }));
});

/* Pages: the network first, so the sheet is never stale; offline, the last copy or the notice. */
function page(request) {
  var url = new URL(request.url);
  return fetch(request).then(function (response) {
    if (response.status === 403 || response.status === 404) {
      return forget(url).then(function () { return response; });
    }
    if (request.method === "POST" && /^\/games\/[^\/]+\/delete(-for-good)?$/.test(url.pathname) &&
        response.ok) {
      forget(url);  // deleted from this phone: no copy of it stays here
    }
    if (request.method === "GET" && response.status === 200 && SHEET.test(url.pathname) &&
        !url.search) {
      keepCopy(url);
    }
    if (response.ok) remember(response);
    if (request.method === "GET" && keepable(response)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    var cached = request.method === "GET" ? caches.match(request) : Promise.resolve(undefined);
    return cached.then(function (hit) { return hit || notice(); });
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
