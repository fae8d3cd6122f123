/* The big screen: asks for the standings every few seconds and rewrites the tables in place
   (no reload); pages through standings too long for the screen, then shows the round's
   tables; counts the round's time down when the director set one. */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var panels = [document.getElementById("panel-standings"), document.getElementById("panel-tables")];
  var shown = 0;
  var page = 0;
  var timer = document.getElementById("timer");
  var skew = 0;  // the server's clock minus this one's, so every screen counts the same time

  function cell(row, text, header) {
    var c = document.createElement(header ? "th" : "td");
    if (header) c.scope = "row";
    c.textContent = text;
    row.appendChild(c);
    return c;
  }

  function fill(id, rows) {
    var body = document.querySelector("#" + id + " tbody");
    var fresh = document.createElement("tbody");
    rows.forEach(function (cells) {
      var row = document.createElement("tr");
      cells.forEach(function (text, i) {
        var c = cell(row, text === null ? "" : String(text), id === "standings" && i === 1);
        if (id === "standings" && i === 1 && cells.mark) {
          var mark = document.createElement("span");
          mark.className = "gone";
          mark.textContent = " (" + cells.mark + ")";
          c.appendChild(mark);
        }
      });
      fresh.appendChild(row);
    });
    body.replaceWith(fresh);
  }

  /* Rows that fit between the standings' heading row and the bottom of the screen. */
  function perPage() {
    var table = document.getElementById("standings");
    var rows = table.querySelectorAll("tbody tr");
    if (!rows.length) return 1;
    rows.forEach(function (r) { r.hidden = false; });
    var top = rows[0].getBoundingClientRect().top;
    var tall = rows[0].getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor((window.innerHeight - top - 8) / tall));
  }

  function showPage() {
    var rows = document.querySelectorAll("#standings tbody tr");
    var size = perPage();
    var pages = Math.max(1, Math.ceil(rows.length / size));
    if (page >= pages) page = 0;
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / size) !== page; });
    var line = document.getElementById("page-line");
    line.textContent = pages > 1
      ? root.dataset.page.replace("{p}", page + 1).replace("{n}", pages) : "";
    return pages;
  }

  function show(data) {
    var average = document.getElementById("standings").hasAttribute("data-average");
    fill("standings", data.standings.map(function (l) {
      var cells = [l.rank, l.name, l.victory_points, l.margin, l.played];
      if (average) cells.push(l.average_text);
      cells.mark = l.mark;
      return cells;
    }));
    fill("tables", data.tables.map(function (t) {
      return [t.table, t.sides[0], t.sides.slice(1).join(" · "), t.scores.join(" – "), t.state];
    }));
    document.getElementById("round-line").textContent = data.round_line;
    if (data.final) {
      document.getElementById("h-standings").firstChild.textContent =
        document.getElementById("round-line").textContent + " ";
    }
    timer.dataset.ends = data.ends;
    skew = Date.parse(data.now) - Date.now();
    tick();
    if (!panels[0].hidden) showPage();
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function tick() {
    var ends = Date.parse(timer.dataset.ends || "");
    timer.hidden = isNaN(ends);
    if (timer.hidden) return;
    var left = Math.max(0, Math.round((ends - Date.now() - skew) / 1000));
    var time = Math.floor(left / 60) + ":" + two(left % 60);
    timer.textContent = left ? timer.dataset.left.replace("{t}", time) : timer.dataset.up;
    timer.classList.toggle("warn", left > 0 && left <= 300);
    timer.classList.toggle("up", left === 0);
    if (left > 0 && left <= 300) timer.textContent += " · " + timer.dataset.warn;
  }

  function poll() {
    // "no-cache": the browser revalidates with the ETag it holds; unchanged answers a bare 304
    fetch(root.dataset.live, { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) show(data); })
      .catch(function () {});  // the next poll tries again
  }

  /* Each turn: the standings' next page, or after the last one the round's tables. */
  function turn() {
    if (shown === 0 && page + 1 < showPage()) {
      page += 1;
      showPage();
      return;
    }
    panels[shown].hidden = true;
    shown = (shown + 1) % panels.length;
    panels[shown].hidden = false;
    page = 0;
    if (shown === 0) showPage();
  }

  if (timer.dataset.now) skew = Date.parse(timer.dataset.now) - Date.now();
  tick();
  showPage();
  setInterval(tick, 1000);
  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(turn, Number(root.dataset.rotate) * 1000);
})();
