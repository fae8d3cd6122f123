/* The live sheet: a hand's row opens its breakdown in place, "Can we open?" loads when it is
   opened, and every few seconds the page asks whether the game changed (a 304 when not) and
   swaps in the new sheet. Polling pauses while the tab is hidden. */
"use strict";

(function () {
  var main = document.querySelector("main");
  var marker = document.querySelector("[data-follow]");
  if (!main || !marker || !window.fetch || !window.DOMParser) return;
  var etag = '"' + marker.dataset.follow + '"';
  var loadedScripts = {};

  function get(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      });
  }

  /* Rows: the first tap shows the hand's breakdown under it, the second hides it. */
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
    return get(row.href + "?part=detail").then(function (html) {
      if (detailOf(row)) return;
      row.insertAdjacentHTML("afterend", html);
      row.setAttribute("aria-expanded", "true");
    });
  }
  main.addEventListener("click", function (event) {
    var row = event.target.closest && event.target.closest("a.row");
    if (!row || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    toggle(row).catch(function () { window.location.href = row.href; });
  });

  /* Sections that load when opened: their content and the script that enhances it. */
  function fill(details) {
    if (!details.open || details.dataset.loaded) return;
    details.dataset.loaded = "1";
    get(details.dataset.src).then(function (html) {
      var summary = details.querySelector("summary");
      while (summary.nextSibling) summary.nextSibling.remove();
      summary.insertAdjacentHTML("afterend", html);
      var src = details.dataset.script;
      if (src && !loadedScripts[src]) {
        loadedScripts[src] = true;
        var script = document.createElement("script");
        script.src = src;
        document.head.appendChild(script);
      }
    }).catch(function () { delete details.dataset.loaded; });
  }
  main.addEventListener("toggle", function (event) {
    if (event.target.dataset && event.target.dataset.src) fill(event.target);
  }, true);  // toggle does not bubble: listen while it travels down

  /* Following: swap in a changed sheet, keeping open rows open and loaded sections as typed. */
  function swap(html) {
    /* A sheet that gains a stylesheet (the chart, once the game ends) is loaded whole: a page's
       styles come with it, allowed by its own CSP. Read from the text, before parsing: this
       page's CSP would refuse (and report) a style it does not know even in a parsed copy. */
    var gained = (html.match(/<style data-file="[^"]+"/g) || []).some(function (tag) {
      return !document.querySelector("style[" + tag.slice(7) + "]");  // [data-file="..."]
    });
    if (gained) {
      window.location.reload();
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
    fresh.querySelectorAll(".flash").forEach(function (flash) { flash.remove(); });
    main.replaceChildren.apply(main, Array.from(fresh.childNodes));
    expanded.forEach(function (id) {
      var row = document.getElementById(id);
      if (row) toggle(row).catch(function () { /* shown again on the next tap */ });
    });
  }

  var timer = null;
  var busy = false;
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
