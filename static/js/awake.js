/* The screen stays on while a game is live: a page showing one marks it (data-awake on the
   hand form; on the sheet, its "Can we open?", shown only in play, is the mark: the sheet
   counts its bytes), and the lock goes when the mark does (the game ended, the sheet
   refreshed in place) or with the page. The browser drops the lock whenever the page
   is hidden, so it is asked for again on return. Where the API is missing nothing changes.
   The page's own state (data-wake-lock on <html>) says what happened, for tests and curious
   eyes: held, released, refused or missing. */
"use strict";

(function () {
  var root = document.documentElement;
  var lock = null;
  var asking = false;
  function say(state) { root.dataset.wakeLock = state; }
  function live() { return !!document.querySelector("[data-awake], #opening-check"); }
  function release() {
    if (!lock) return;
    var held = lock;
    lock = null;
    held.release().catch(function () { /* already let go by the browser */ });
    say("released");
  }
  function acquire() {
    if (!("wakeLock" in navigator)) { if (live()) say("missing"); return; }
    if (lock || asking || document.hidden || !live()) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      if (!live() || document.hidden) { sentinel.release(); say("released"); return; }
      lock = sentinel;
      say("held");
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) { lock = null; say("released"); }
      });
    }).catch(function () { asking = false; say("refused"); });
  }
  function check() { if (live()) acquire(); else release(); }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
  window.addEventListener("pagehide", release);
  if (window.MutationObserver && document.querySelector("main")) {
    new MutationObserver(check).observe(document.querySelector("main"), { childList: true });
  }
  check();
})();
