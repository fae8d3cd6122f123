/* Live sheet: every few seconds ask whether the game changed (a 304 when not), and if it
   did, swap in the new page's main section. Pauses while the tab is hidden. */
"use strict";

(function () {
  var marker = document.querySelector("[data-follow]");
  var main = document.querySelector("main");
  if (!marker || !main || !window.fetch || !window.DOMParser) return;
  var etag = '"' + marker.dataset.follow + '"';
  var timer = null;
  var busy = false;

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    if (!fresh || !fresh.querySelector("[data-follow]")) return;
    var open = [];
    main.querySelectorAll("details[open]").forEach(function (d) { open.push(d.id); });
    fresh.querySelectorAll(".flash").forEach(function (f) { f.remove(); });
    main.replaceChildren.apply(main, Array.from(fresh.childNodes));
    open.forEach(function (id) {
      var d = id && document.getElementById(id);
      if (d) d.open = true;
    });
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(window.location.pathname, {
      headers: { "If-None-Match": etag, "Accept": "text/html" },
      cache: "no-store",
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status !== 200) return null;
      etag = response.headers.get("ETag") || etag;
      return response.text();
    }).then(function (html) {
      if (html) swap(html);
    }).catch(function () { /* offline for a moment: try again next tick */ })
      .then(function () { busy = false; });
  }

  function start() {
    if (timer === null) timer = window.setInterval(poll, 3000);
  }

  function stop() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      stop();
    } else {
      poll();
      start();
    }
  });
  start();
})();
