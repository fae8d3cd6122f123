/* The outbox: every hand saved on this phone waits here (IndexedDB) with its one-time key and
   the game version it was typed against until the server has answered it. It is sent by
   itself: at once, on `online`, on returning to the page, on load, and from the service
   worker's Background Sync where the browser has it. The server answers a repeated key once,
   and one send runs at a time (Web Locks), so a hand is never saved twice. A hand the server
   will not take as typed (someone else saved that hand meanwhile) is "returned": it waits,
   never saved on top, until its form takes it back with the reason. Hands wait and go in
   order; one typed offline behind a hand that came back comes back too (its version only
   fits the sheet that hand would have made). No words here: pages bring their own.
   Runs in a page (window.Outbox) and in the service worker (importScripts). */
"use strict";

(function (scope) {
  var NAME = "canasta-outbox";
  var STORE = "hands";
  var TAG = "outbox";  // the Background Sync tag
  var opened = null;

  function open() {
    if (!scope.indexedDB) return Promise.reject(new Error("no IndexedDB"));
    if (opened) return opened;
    opened = new Promise(function (done, fail) {
      var request = scope.indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id" });
      };
      request.onsuccess = function () { done(request.result); };
      request.onerror = function () { opened = null; fail(request.error); };
    });
    return opened;
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (done, fail) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
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

  /* Sends every waiting hand, in order, once at a time across pages and the worker. */
  function flush() {
    if (scope.navigator && scope.navigator.locks) {
      return scope.navigator.locks.request(NAME, flushNow);
    }
    return flushNow();
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

/* ---- the pages: what waits, on the sheet; saving through the outbox, on the hand form ---- */
(function () {
  if (typeof document === "undefined" || !self.Outbox || !self.indexedDB) return;
  var Outbox = self.Outbox;
  var SHOWN = 60000;  // a sent hand is shown as sent for a minute, across refreshes

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

  /* The sheet: "1 hand waiting to be sent", what was sent, and what came back. Its words
     come with the offline copy, or from the server (?part=outbox) once there is something to
     say: the live sheet's first load carries none of this. */
  var follow = document.querySelector("[data-follow]");
  var found = /^\/games\/([^\/]+)$/.exec(window.location.pathname);
  if (follow && found) {
    var game = found[1];
    var copy = !!document.querySelector("[data-offline-copy]");
    var held = document.querySelector("[data-outbox-words]");
    var words = held ? Promise.resolve(wordsOf(held)) : null;
    var panel = el("div", "outbox flash");
    panel.setAttribute("role", "status");
    panel.style.margin = "1rem 0";  // the sheet's stylesheet is not grown for this
    panel.hidden = true;
    var place = function () {
      var board = document.querySelector("main .board");
      if (board && panel.nextSibling !== board) board.parentNode.insertBefore(panel, board);
    };

    var render = function (entries, w) {
      panel.textContent = "";
      var waiting = entries.filter(function (e) { return e.state === "waiting"; });
      if (waiting.length) {
        var line = el("div", "outbox-waiting", waiting.length === 1 ? w.one : fill(w.many, { count: waiting.length }));
        line.appendChild(document.createTextNode(" " + w.later));
        panel.appendChild(line);
      }
      entries.forEach(function (e) {
        if (e.state === "sent") {
          panel.appendChild(el("div", "outbox-sent", e.repeat ? w.repeat : fill(w.sent, { number: e.number })));
        } else if (e.state === "returned") {
          var why = e.behind ? fill(w.behind, { number: e.behind }) : e.reason;
          var back = el("div", "outbox-returned", e.gone ? w.gone : fill(w.returned, { number: e.number, reason: why }));
          if (!e.gone) {
            var link = el("a", "button", w.open);
            link.href = e.form + "?outbox=" + encodeURIComponent(e.id) + location.search.replace("?", "&");
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
    };
    var refresh = function () {
      return Outbox.all().then(function (entries) {
        var now = Date.now();
        var mine = entries.filter(function (e) {
          if (e.state === "sent" && now - e.sent > SHOWN) { Outbox.drop(e.id); return false; }
          return e.game === game;
        });
        if (!mine.length) { panel.hidden = true; return; }
        if (!words) {
          words = fetch(window.location.pathname + "?part=outbox" + location.search.replace("?", "&"), {
            credentials: "same-origin", headers: { Accept: "application/json" }
          }).then(function (response) { return response.json(); });
          words.catch(function () { words = null; });
        }
        return words.then(function (w) { render(mine, w); });
      }).catch(function () { /* no storage, or no words offline: nothing to say */ });
    };
    /* The offline copy gives way to the live sheet once the server answers again. */
    var live = function () {
      return fetch(window.location.pathname + "?part=outbox" + location.search.replace("?", "&"), {
        credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store"
      }).then(function (response) { if (response.ok) window.location.reload(); }, function () {});
    };
    var send = function () {
      if (!navigator.onLine || document.hidden) return;
      Outbox.flush().then(function (changed) {
        if (changed.length && !copy) document.dispatchEvent(new Event("outbox:sent"));  // sheet.js
        return refresh();
      }).catch(refresh).then(function () { if (copy) return live(); });
    };
    refresh().then(send);
    window.addEventListener("online", send);
    document.addEventListener("visibilitychange", send);
    // sheet.js swapped in a new sheet: the panel goes back in, and the copy kept offline
    // follows the sheet.
    if (window.MutationObserver && !copy) {
      new MutationObserver(function () {
        var now = document.querySelector("[data-follow]");
        if (!now || now === follow) return;  // not a new sheet (the panel going in, say)
        follow = now;
        place();
        refresh();
        var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
        if (worker) worker.postMessage({ copy: window.location.pathname });
      }).observe(document.querySelector("main"), { childList: true });
    }
  }

  /* The hand form: Save keeps the hand in the outbox first, then sends it. */
  var form = document.querySelector("form[data-outbox-form]");
  if (!form) return;
  var fw = wordsOf(form.querySelector("[data-outbox-words]"));
  var ready = false;
  Outbox.all().then(function () { ready = true; }).catch(function () { /* plain posts */ });
  var base = window.location.pathname;
  var lang = /[?&](lang=[^&]*)/.exec(location.search);  // a shared link's language: its answers

  function native() { HTMLFormElement.prototype.submit.call(form); }
  function values() {
    var data = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.type === "hidden" || input.type === "submit") return;
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) {
        if (!(input.name in data)) data[input.name] = "";
        return;
      }
      data[input.name] = input.value;
    });
    return data;
  }
  function apply(data) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.type === "hidden" || !(input.name in data)) return;
      if (input.type === "radio" || input.type === "checkbox") input.checked = data[input.name] === input.value;
      else input.value = data[input.name];
    });
    form.querySelectorAll("details.counter, details.more").forEach(function (fold) {
      fold.open = Array.prototype.some.call(fold.querySelectorAll("input"), function (input) {
        return input.value !== "0" && input.value !== "";
      });
    });
  }
  function token() {
    var bytes = new Uint8Array(16);
    self.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function hidden(name) { return form.querySelector("input[type=hidden][name='" + name + "']"); }

  /* Saved offline: the form says so, and offers the next hand (typed against the sheet as it
     will be once this one is in: its version one on, a fresh one-time key). */
  var chained = null;  // the hand this form's next one is typed behind, while offline
  function queued(entry) {
    var old = document.querySelector(".outbox-queued");
    if (old) old.remove();
    var note = el("div", "flash outbox-queued");
    note.setAttribute("role", "status");
    note.appendChild(el("p", "", fill(fw.queued, { number: entry.number })));
    var actions = el("p", "actions");
    var sheet = el("a", "button", fw.sheet);
    sheet.href = fw.sheet_url;
    actions.appendChild(sheet);
    if (entry.kind === "record") {
      var next = el("button", "button primary", fill(fw.next, { number: entry.number + 1 }));
      next.type = "button";
      next.addEventListener("click", function () {
        form.reset();
        chained = entry.id;
        hidden("number").value = String(entry.number + 1);
        hidden("version").value = String(Number(entry.version) + 1);
        hidden("form_token").value = token();
        var heading = document.querySelector("main h1");
        if (heading) heading.textContent = fill(fw.hand, { number: entry.number + 1 });
        document.querySelectorAll("p.totals, legend small").forEach(function (n) { n.hidden = true; });
        note.remove();
        form.dispatchEvent(new Event("input"));
        form.scrollIntoView();
      });
      actions.appendChild(next);
    }
    note.appendChild(actions);
    form.parentNode.insertBefore(note, form);
    note.scrollIntoView();
  }

  form.addEventListener("submit", function (event) {
    if (!ready || event.defaultPrevented) return;  // no outbox on this phone: a plain post
    event.preventDefault();
    var data = new FormData(form);
    var entry = {
      id: String(data.get("form_token")),
      game: form.dataset.drafts,
      kind: form.dataset.outboxForm,
      number: Number(data.get("number")),
      version: Number(data.get("version")),
      url: base + (lang ? "?" + lang[1] : ""),
      form: base,
      fields: Array.from(data.entries()).filter(function (pair) { return typeof pair[1] === "string"; }),
      after: chained,
      now: true,
    };
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    Outbox.add(entry).then(function () {
      return Outbox.flush();
    }).then(function () {
      return Outbox.get(entry.id);
    }).then(function (after) {
      if (button) button.disabled = false;
      if (after && after.state === "sent") {
        Outbox.drop(entry.id).then(function () {
          window.location.href = fw.sheet_url + "#hand-" + after.number;
        });
      } else if (after && after.state === "returned") {
        // Online and refused as typed: the server shows the form with every problem marked.
        Outbox.drop(entry.id).then(native, native);
      } else {
        Outbox.later();
        queued(entry);
      }
    }).catch(function () {
      if (button) button.disabled = false;
      native();
    });
  });

  /* A hand that came back: its values in its form again, with the reason. */
  var asked = new URLSearchParams(window.location.search).get("outbox");
  if (asked) {
    Outbox.get(asked).then(function (entry) {
      if (!entry || entry.state !== "returned") return;
      var values = {};
      entry.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
      ["csrf_token", "version", "form_token", "number"].forEach(function (name) { delete values[name]; });
      apply(values);
      var note = el("div", "flash error outbox-back");
      note.setAttribute("role", "alert");
      var why = entry.behind ? fill(fw.behind, { number: entry.behind }) : entry.reason;
      note.appendChild(el("p", "", fill(fw.back, { number: entry.number, reason: why })));
      if (entry.errors && entry.errors.length) {
        var list = el("ul", "errors");
        entry.errors.forEach(function (message) { list.appendChild(el("li", "", message)); });
        note.appendChild(list);
      }
      form.parentNode.insertBefore(note, form);
      form.dispatchEvent(new Event("input", { bubbles: true }));  // kept as a draft from here
      form.dispatchEvent(new Event("preview"));
      return Outbox.drop(entry.id);
    }).catch(function () { /* nothing came back */ });
  }
})();
