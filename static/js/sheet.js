/* The live sheet: rows open their breakdown in place, "Can we open?" loads when opened, and
   while shown it asks every 3 s if the game changed (304 if not) and swaps it in. */
"use strict";

(function () {
  var main = document.querySelector("main");
  var marker = document.querySelector("[data-follow]");
  if (!main || !marker || !window.fetch || !window.DOMParser) return;
  var etag = '"' + marker.dataset.follow + '"';
  var loaded = {};

  function get(url) {
    return fetch(url, { headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      });
  }

  /* Rows: a tap shows the breakdown under it, the next hides it. */
  function detailOf(row) {
    return document.getElementById("detail-" + row.id.replace("hand-", ""));
  }
  function toggle(row) {
    var shown = detailOf(row);
    if (shown) {
      shown.remove();
      row.setAttribute("aria-expanded", "false");
      return Promise.resolve();
    }
    return get(row.href + "?part=detail" + location.search.replace("?", "&")).then(function (html) {
      if (detailOf(row)) return;
      row.insertAdjacentHTML("afterend", html);
      row.setAttribute("aria-expanded", "true");
    });
  }
  main.addEventListener("click", function (event) {
    var row = event.target.closest && event.target.closest("a.row");
    if (!row || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    toggle(row).catch(function () { location.href = row.href; });
  });

  /* Sections loaded when opened, with their script. */
  function fill(details) {
    if (!details.open || details.dataset.loaded) return;
    details.dataset.loaded = "1";
    get(details.dataset.src).then(function (html) {
      var summary = details.querySelector("summary");
      while (summary.nextSibling) summary.nextSibling.remove();
      summary.insertAdjacentHTML("afterend", html);
      var src = details.dataset.script;
      if (src && !loaded[src]) {
        loaded[src] = true;
        var script = document.createElement("script");
        script.src = src;
        document.head.appendChild(script);
      }
    }).catch(function () { delete details.dataset.loaded; });
  }
  main.addEventListener("toggle", function (event) {
    if (event.target.dataset && event.target.dataset.src) fill(event.target);
  }, true);  // toggle does not bubble

  /* Following: swap in a changed sheet; open rows and loaded sections stay. */
  function swap(html) {
    /* A sheet gaining a stylesheet (the chart) loads whole: our CSP refuses it inline. */
    var gained = (html.match(/<style data-file="[^"]+"/g) || []).some(function (tag) {
      return !document.querySelector("style[" + tag.slice(7) + "]");  // [data-file="..."]
    });
    if (gained) {
      location.reload();
      return;
    }
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    if (!fresh || !fresh.querySelector("[data-follow]")) return;
    var expanded = [];
    main.querySelectorAll("a.row[aria-expanded=true]").forEach(function (row) {
      expanded.push(row.id);
    });
    main.querySelectorAll("details[data-loaded][id]").forEach(function (kept) {
      var twin = fresh.querySelector("#" + kept.id);
      if (twin) twin.replaceWith(kept);
    });
    fresh.querySelectorAll(".flash").forEach(function (f) { f.remove(); });
    main.replaceChildren.apply(main, Array.from(fresh.childNodes));
    expanded.forEach(function (id) {
      var row = document.getElementById(id);
      if (row) toggle(row).catch(function () {});  // the next tap
    });
  }

  var timer = null;
  var busy = false;
  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(location.href, {  // with its ?lang=, if a shared link gave one
      headers: { "If-None-Match": etag, "Accept": "text/html" },
      cache: "no-store"
    }).then(function (response) {
      if (response.status !== 200) return null;
      etag = response.headers.get("ETag") || etag;
      return response.text();
    }).then(function (html) {
      if (html) swap(html);
    }).catch(function () { /* offline: the next tick */ })
      .then(function () { busy = false; });
  }
  function start() {
    if (timer === null) timer = window.setInterval(poll, 3000);
  }
  function stop() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  }
  document.addEventListener("outbox:sent", poll);
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
