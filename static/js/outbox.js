/* The outbox: every hand saved on this phone waits here (IndexedDB) with its one-time key and
   the game version it was typed against until the server has answered it. It is sent by
   itself: at once, on `online`, on returning to the page, every few seconds while a game's
   page is open, and from the service worker's Background Sync where the browser has it. The
   server answers a repeated key once, and one send runs at a time across tabs by a lease kept
   in IndexedDB itself (over plain http from another phone there is no service worker and no
   Web Locks, only IndexedDB), so a hand is never saved twice. A hand the server will not take
   as typed (someone else saved that hand meanwhile) is "returned": it waits, never saved on
   top, until the phone's user chooses between theirs and mine. Hands wait and go in order;
   one typed offline behind a hand that came back comes back too (its version only fits the
   sheet that hand would have made). No words here: pages bring their own.
   Runs in a page (window.Outbox) and in the service worker (importScripts). */
"use strict";

(function (scope) {
  var NAME = "canasta-outbox";
  var STORE = "hands";
  var LEASES = "leases";  // who is sending now: {id: "send", owner, until}
  // A page left while sending frees the outbox as it goes (pagehide), or after this long; a
  // send that outlasts it is still safe: the server answers a repeated one-time key once.
  var LEASE = 4000;
  var TAG = "outbox";  // the Background Sync tag
  var opened = null;

  function open() {
    if (!scope.indexedDB) return Promise.reject(new Error("no IndexedDB"));
    if (opened) return opened;
    opened = new Promise(function (done, fail) {
      var request = scope.indexedDB.open(NAME, 2);
      request.onupgradeneeded = function () {
        var db = request.result;
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" });
        if (!db.objectStoreNames.contains(LEASES)) db.createObjectStore(LEASES, { keyPath: "id" });
      };
      request.onsuccess = function () {
        var db = request.result;
        db.onversionchange = function () { db.close(); opened = null; };  // a newer page upgrades
        done(db);
      };
      request.onerror = function () { opened = null; fail(request.error); };
    });
    return opened;
  }

  function run(mode, work, name) {
    return open().then(function (db) {
      return new Promise(function (done, fail) {
        var tx = db.transaction(name || STORE, mode);
        var result = work(tx.objectStore(name || STORE));
        tx.oncomplete = function () { done(result && "result" in result ? result.result : result); };
        tx.onerror = function () { fail(tx.error); };
        tx.onabort = function () { fail(tx.error); };
      });
    });
  }

  /* Every entry, oldest first (the order they were saved in). */
  function all() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.created - b.created || a.seq - b.seq; });
    });
  }
  function put(entry) { return run("readwrite", function (store) { store.put(entry); }); }
  function drop(id) { return run("readwrite", function (store) { store.delete(id); }); }
  function get(id) { return run("readonly", function (store) { return store.get(id); }); }

  /* Keeps a hand to send: `fields` are the form's [name, value] pairs, hidden ones included. */
  function add(entry) {
    entry.state = "waiting";
    entry.created = Date.now();
    entry.seq = (add.seq = (add.seq || 0) + 1);
    return put(entry).then(function () { return entry; });
  }

  function body(fields) {
    var form = new FormData();
    fields.forEach(function (pair) { form.append(pair[0], pair[1]); });
    return form;
  }

  /* Sends one entry and records the answer: "sent", "returned" (with the reason), or the
     entry unchanged when the network or the server failed (tried again later). */
  function sendOne(entry) {
    var headers = { Accept: "application/json" };
    // Sent from its form at once: the sheet it opens next says "Hand 5 saved." as it always did.
    if (entry.now && !entry.tries) headers["X-Outbox-Flash"] = "1";
    entry.tries = (entry.tries || 0) + 1;
    return fetch(entry.url, {
      method: "POST",
      body: body(entry.fields),
      headers: headers,
      credentials: "same-origin",
      cache: "no-store",
      redirect: "follow",
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (response.status === 403 || response.status === 404) {
        entry.state = "returned";
        entry.reason = "";
        entry.gone = true;  // the page words it: this game is no longer open to this phone
        return put(entry).then(function () { return entry; });
      }
      if (response.status >= 500 || type.indexOf("application/json") !== 0) return entry;
      return response.json().then(function (answer) {
        if (answer.ok) {
          entry.state = "sent";
          entry.sent = Date.now();
          entry.repeat = !!answer.repeat;
          entry.message = answer.message || "";
          if (answer.number) entry.number = answer.number;
          entry.fields = [];  // nothing of the form stays once it is saved
        } else {
          entry.state = "returned";
          entry.reason = answer.reason || "";
          entry.errors = answer.errors || [];
          entry.clash = !!answer.clash;  // another phone saved this hand first: both are shown
        }
        return put(entry).then(function () { return entry; });
      });
    });
  }

  function flushNow() {
    return all().then(function (entries) {
      var changed = [];
      var stop = false;
      return entries.reduce(function (chain, entry) {
        return chain.then(function () {
          if (stop) return;
          if (entry.state !== "waiting") return;
          if (entry.after) {
            /* Typed offline behind a hand of ours that was not saved: its version only fits
               the sheet that hand would have made, so it is never sent on its own. */
            var before = entries.filter(function (e) { return e.id === entry.after; })[0];
            entry.state = "returned";
            entry.behind = before ? before.number : entry.number - 1;
            changed.push(entry);
            return put(entry);
          }
          return sendOne(entry).then(function (after) {
            if (after.state === "waiting") { stop = true; return; }  // server down: later
            changed.push(after);
            if (after.state !== "sent") return;
            return Promise.all(entries.filter(function (e) { return e.after === after.id; })
              .map(function (e) { e.after = null; return put(e); }));  // free to go now
          }, function () { stop = true; });  // offline: the rest wait too, in order
        });
      }, Promise.resolve()).then(function () { return changed; });
    });
  }

  /* Takes the sending lease if it is free (or expired): one readwrite transaction, so two
     tabs asking at once never both get it. Tells whether this caller holds it now. */
  var leases = 0;
  var holding = null;  // this page's latest sender, let go if the page goes
  if (scope.addEventListener && typeof document !== "undefined") {
    scope.addEventListener("pagehide", function () { if (holding) give(holding); });
  }
  function take(owner) {
    return run("readwrite", function (store) {
      var answer = { result: false };
      var request = store.get("send");
      request.onsuccess = function () {
        var held = request.result;
        var now = Date.now();
        if (held && held.owner !== owner && held.until > now) return;
        store.put({ id: "send", owner: owner, until: now + LEASE });
        answer.result = true;
      };
      return answer;
    }, LEASES);
  }
  function give(owner) {
    return run("readwrite", function (store) {
      var request = store.get("send");
      request.onsuccess = function () {
        if (request.result && request.result.owner === owner) store.delete("send");
      };
    }, LEASES);
  }
  function pause(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }

  /* Sends every waiting hand, in order, once at a time across tabs and the worker: another
     sender is waited for (a few seconds at most), then its work is seen as done. */
  function flush() {
    var owner = String(Math.random()) + ":" + (leases += 1);
    holding = owner;
    var attempt = function (left) {
      return take(owner).then(function (got) {
        if (got) {
          return flushNow().then(function (changed) {
            return give(owner).then(function () { return changed; });
          }, function (error) {
            return give(owner).then(function () { throw error; });
          });
        }
        if (left <= 0) return [];
        return pause(200).then(function () { return attempt(left - 1); });
      });
    };
    return attempt(40);
  }

  /* Asks the service worker to send when the connection is back, where the browser can. */
  function later() {
    var worker = scope.navigator && scope.navigator.serviceWorker;
    if (!worker || !worker.ready) return Promise.resolve(false);
    return worker.ready.then(function (registration) {
      return registration.sync ? registration.sync.register(TAG).then(function () { return true; }) : false;
    }).catch(function () { return false; });
  }

  scope.Outbox = {
    TAG: TAG, add: add, all: all, get: get, put: put, drop: drop, flush: flush, later: later,
  };
})(self);

/* ---- the pages: what waits and what came back, on every page of a game (the sheet, the hand
   form, the summary, a hand's page); saving through the outbox, on the hand form ---- */
(function () {
  if (typeof document === "undefined" || !self.Outbox || !self.indexedDB) return;
  var found = /^\/games\/([^\/]+)/.exec(window.location.pathname);
  if (!found) return;
  var Outbox = self.Outbox;
  var game = found[1];
  var SHOWN = 60000;  // a sent hand is shown as sent for a minute, across refreshes
  var EVERY = 2000;  // how often a page looks for hands to send: sent within 5 s of the network
  var query = location.search.replace("?", "&");

  function wordsOf(node) { return node ? JSON.parse(node.dataset.words || "{}") : {}; }
  function fill(text, values) {
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function ask(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store" });
  }

  var form = document.querySelector("form[data-outbox-form]");
  var follow = document.querySelector("[data-follow]");
  var copy = !!document.querySelector("[data-offline-copy]");
  var held = document.querySelector("[data-outbox-panel]") || document.querySelector("[data-outbox-words]:not(form *)");
  var words = held ? Promise.resolve(wordsOf(held)) : null;
  var sheetUrl = "/games/" + game;

  /* The panel: "1 hand waiting to be sent", what was sent, and what came back. Its words come
     with the page (the form, the offline copy), or from the server (?part=outbox) once there
     is something to say: the live sheet's first load carries none of this. */
  var panel = el("div", "outbox flash");
  panel.setAttribute("role", "status");
  panel.style.margin = "1rem 0";  // the pages' stylesheets are not grown for this
  panel.hidden = true;
  function place() {
    var board = document.querySelector("main .board");
    var before = board || form || document.querySelector("main h1 + *");
    if (before && panel.nextSibling !== before) before.parentNode.insertBefore(panel, before);
  }

  /* Theirs as saved (the hand's own page, read from the server) beside mine as typed. */
  function clash(e, w) {
    var box = el("section", "outbox-clash");
    box.appendChild(el("p", "", fill(w.clash, { number: e.number })));
    var sides = el("div", "clash-sides");
    var theirs = el("div", "clash-theirs");
    theirs.appendChild(el("h3", "", w.theirs));
    var mine = el("div", "clash-mine");
    mine.appendChild(el("h3", "", w.mine));
    var list = el("dl", "");
    (e.typed || []).forEach(function (pair) {
      list.appendChild(el("dt", "", pair[0]));
      var value = el("dd", "", pair[1]);
      value.style.margin = "0 0 0.5rem";
      value.style.fontWeight = "bold";
      list.appendChild(value);
    });
    mine.appendChild(list);
    // Side by side even at 390 px: two narrow columns (the pages' stylesheets stay as they are).
    sides.style.display = "grid";
    sides.style.gridTemplateColumns = "minmax(0, 1fr) minmax(0, 1fr)";
    sides.style.gap = "0.75rem";
    sides.style.fontSize = "0.875em";
    [theirs, mine].forEach(function (side) { side.style.minWidth = "0"; });
    sides.appendChild(theirs);
    sides.appendChild(mine);
    box.appendChild(sides);
    fetch(sheetUrl + "/hands/" + e.number + (location.search || ""), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var saved = page.querySelector("main .detail");
        if (!saved) return;
        saved = document.importNode(saved, true);
        // Theirs is to read: its own links and buttons (Edit hand) belong to its page.
        saved.querySelectorAll("a.button, form, button").forEach(function (n) { n.remove(); });
        theirs.appendChild(saved);
      }).catch(function () { /* offline again: the choice stands without it */ });
    var actions = el("p", "actions");
    var keep = el("button", "button", w.keep);
    keep.type = "button";
    keep.dataset.keepTheirs = "";
    keep.addEventListener("click", function () { Outbox.drop(e.id).then(refresh); });
    var next = el("a", "button", fill(w.mine_next, { number: e.number + 1 }));
    next.href = e.form + "?outbox=" + encodeURIComponent(e.id) + query;
    actions.appendChild(keep);
    actions.appendChild(next);
    box.appendChild(actions);
    return box;
  }

  function render(entries, w) {
    panel.textContent = "";
    var waiting = entries.filter(function (e) { return e.state === "waiting"; });
    if (waiting.length) {
      var line = el("div", "outbox-waiting", waiting.length === 1 ? w.one : fill(w.many, { count: waiting.length }));
      line.appendChild(document.createTextNode(" " + w.later));
      panel.appendChild(line);
      if (w.needs) panel.appendChild(el("div", "outbox-needs quiet", w.needs));
    }
    entries.forEach(function (e) {
      if (e.state === "sent") {
        panel.appendChild(el("div", "outbox-sent", e.repeat ? w.repeat : fill(w.sent, { number: e.number })));
      } else if (e.state === "returned" && e.clash && !e.behind) {
        panel.appendChild(clash(e, w));
      } else if (e.state === "returned") {
        var why = e.behind ? fill(w.behind, { number: e.behind }) : e.reason;
        var back = el("div", "outbox-returned", e.gone ? w.gone : fill(w.returned, { number: e.number, reason: why }));
        if (!e.gone) {
          var link = el("a", "button", w.open);
          link.href = e.form + "?outbox=" + encodeURIComponent(e.id) + query;
          back.appendChild(document.createTextNode(" "));
          back.appendChild(link);
        }
        panel.appendChild(back);
      }
    });
    panel.hidden = !panel.firstChild;
    var returned = entries.some(function (e) { return e.state === "returned"; });
    panel.className = "outbox flash" + (returned ? " error" : waiting.length ? " warning" : "");
    place();
  }
  var shown = "";  // what the panel shows now: drawn again only when that changes
  function refresh() {
    return Outbox.all().then(function (entries) {
      var now = Date.now();
      var mine = entries.filter(function (e) {
        if (e.state === "sent" && now - e.sent > SHOWN) { Outbox.drop(e.id); return false; }
        return e.game === game && location.search.indexOf(e.id) < 0;
      });
      var said = JSON.stringify(mine.map(function (e) { return [e.id, e.state]; }));
      if (said === shown) return mine;
      shown = said;
      if (!mine.length) { panel.textContent = ""; panel.hidden = true; return mine; }
      if (!words) {
        words = ask(sheetUrl + "?part=outbox" + query).then(function (response) { return response.json(); });
        words.catch(function () { words = null; shown = ""; });
      }
      return words.then(function (w) { render(mine, w); return mine; });
    }).catch(function () { /* no storage, or no words offline: nothing to say */ return []; });
  }
  /* The offline copy gives way to the live sheet once the server answers again. */
  function live() {
    return ask(sheetUrl + "?part=outbox" + query).then(function (response) {
      if (response.ok) window.location.reload();
    }, function () {});
  }
  var sending = null;  // the send under way: asked again meanwhile, the same answer
  function send() {
    if (sending) return sending;
    if (document.hidden || navigator.onLine === false) return Promise.resolve([]);
    // Nothing waiting: no lease taken, nothing sent (this runs every 2 s on every game page).
    sending = Outbox.all().then(function (entries) {
      var waiting = entries.some(function (e) { return e.state === "waiting"; });
      return waiting ? Outbox.flush() : [];
    }).then(function (changed) {
      if (changed.length && follow && !copy) document.dispatchEvent(new Event("outbox:sent"));  // sheet.js
      return refresh().then(function () { return changed; });
    }, function () { return refresh().then(function () { return []; }); }).then(function (changed) {
      sending = null;
      if (copy) live();
      document.dispatchEvent(new CustomEvent("outbox:changed", { detail: changed }));
      return changed;
    });
    return sending;
  }
  refresh().then(send);
  window.addEventListener("online", send);
  document.addEventListener("visibilitychange", send);
  setInterval(send, EVERY);  // `online` is not always told (a Wi-Fi back, a server restarted)

  /* A waiting hand always goes before a new form is offered: "Record hand" and "went out"
     wait for it (its number would be the new form's). */
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href*='/hands/new']");
    if (!link || link.href.indexOf("outbox=") >= 0 || event.defaultPrevented) return;
    event.preventDefault();
    send().then(function () { window.location.href = link.href; });
  });

  // sheet.js swapped in a new sheet: the panel goes back in, and the copy kept offline
  // follows the sheet.
  if (follow && window.MutationObserver && !copy) {
    new MutationObserver(function () {
      var now = document.querySelector("[data-follow]");
      if (!now || now === follow) return;  // not a new sheet (the panel going in, say)
      follow = now;
      place();
      shown = "";
      refresh();
      var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (worker) worker.postMessage({ copy: window.location.pathname });
    }).observe(document.querySelector("main"), { childList: true });
  }

  if (form) self.OutboxForm(form, { Outbox: Outbox, el: el, fill: fill, wordsOf: wordsOf, send: send, refresh: refresh });
})();
