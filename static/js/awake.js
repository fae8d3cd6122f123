/* The screen stays on while a game is live: a page showing one marks it (data-awake on the
   hand form; on the sheet its "Can we open?", shown only in play), and the lock goes when the
   mark does (game ended, sheet refreshed in place) or with the page. A hidden page loses the
   lock, so it is asked for again on return.
   Over plain http there is no Wake Lock API (not a secure context): there the page plays a
   muted, looping, inline video from the first tap, as NoSleep.js does (its MIT clips in
   static/vendor/nosleep/), which keeps the screen on just the same, until the game ends or
   the page is hidden. data-wake-lock on <html> says what happened: held, video, released,
   refused, missing (waiting for a tap) or off (switched off on this phone).
   The sheet's switch #keep-awake turns it off and on for this browser (localStorage
   "screen-on"), on every page of every game. */
"use strict";

(function () {
  var root = document.documentElement;
  var lock = null;
  var asking = false;
  var video = null;
  var me = document.currentScript ? document.currentScript.src : "";
  function say(state) { root.dataset.wakeLock = state; }
  var KEY = "screen-on";
  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function live() { return wanted() && !!document.querySelector("[data-awake], #opening-check"); }
  /* The switch: shown once this script runs, as this browser last left it (a sheet swapped in
     place brings a fresh one, set again here). */
  function switchShown() {
    var box = document.getElementById("keep-awake");
    if (!box) return;
    box.checked = wanted();
    box.closest(".awake-switch").hidden = false;
  }
  document.addEventListener("change", function (event) {
    if (!event.target || event.target.id !== "keep-awake") return;
    try { localStorage.setItem(KEY, event.target.checked ? "on" : "off"); } catch (e) { /* kept for this page only */ }
    check();
    if (event.target.checked && !("wakeLock" in navigator)) play();  // this tap starts it
  });
  function gamePage() { return !!document.querySelector("[data-follow], form[data-outbox-form]"); }

  /* The fallback: NoSleep.js's clips, from this app's own static folder (no CDN). */
  function film() {
    if (video) return video;
    video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.setAttribute("muted", "");
    video.setAttribute("title", "");
    video.muted = true;
    video.loop = true;
    ["webm", "mp4"].forEach(function (kind) {
      var source = document.createElement("source");
      source.src = me.replace(/js\/awake\.js(\?.*)?$/, "vendor/nosleep/nosleep." + kind);
      source.type = "video/" + kind;
      video.appendChild(source);
    });
    return video;
  }
  function play() {
    if (!live() || document.hidden || lock) return;
    film().play().then(function () {
      if (!live() || document.hidden) { video.pause(); say("released"); return; }
      say("video");
    }).catch(function () { /* no tap yet: the next one starts it */ });
  }
  function tapped() { if (!(video && !video.paused)) play(); }
  document.addEventListener("click", tapped, true);
  document.addEventListener("touchend", tapped, true);

  function release() {
    var was = lock || (video && !video.paused);
    if (video && !video.paused) video.pause();
    if (lock) {
      var held = lock;
      lock = null;
      held.release().catch(function () { /* already let go by the browser */ });
    }
    if (was || gamePage()) say("released");
  }
  function acquire() {
    if (!("wakeLock" in navigator)) {
      if (!(video && !video.paused)) say("missing");
      if (video) play();  // tapped before: the page may play again
      return;
    }
    if (lock || asking || document.hidden || !live()) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      if (!live() || document.hidden) { sentinel.release(); say("released"); return; }
      if (video && !video.paused) video.pause();
      lock = sentinel;
      say("held");
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) { lock = null; say("released"); }
      });
    }).catch(function () { asking = false; say("refused"); });
  }
  function check() {
    switchShown();
    if (live() && !document.hidden) acquire(); else release();
    if (!wanted() && document.querySelector("[data-awake], #opening-check")) say("off");
  }
  document.addEventListener("visibilitychange", check);
  window.addEventListener("pagehide", release);
  if (window.MutationObserver && document.querySelector("main")) {
    new MutationObserver(check).observe(document.querySelector("main"), { childList: true });
  }
  check();
})();
