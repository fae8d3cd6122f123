/* The big screen: asks for the standings every few seconds and rewrites the tables and the
   night's season lines in place (no reload); pages through standings (and a handicap ranking)
   too long for the screen (paging.js), then shows the round's tables; counts the round's time down when the director
   set one. */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var panels = ["panel-standings", "panel-handicap", "panel-tables"]
    .map(function (id) { return document.getElementById(id); })
    .filter(function (panel) { return panel; });
  var shown = 0;
  /* The panels that page through their rows: the standings, and a handicap ranking. */
  var pagers = {
    "panel-standings": self.Paging(
      "#standings tbody tr", document.getElementById("page-line"), root.dataset.page)
  };
  if (document.getElementById("panel-handicap")) {
    pagers["panel-handicap"] = self.Paging(
      "#handicap tbody tr", document.querySelector("#h-handicap .page-line"), root.dataset.page);
  }

  function pager() { return pagers[panels[shown].id]; }
  var timer = document.getElementById("timer");
  var skew = 0;  // the server's clock minus this one's, so every screen counts the same time
  var newest = -Infinity;  // the latest server time seen: only a later one is a fresh answer

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
        var c = cell(row, text === null ? "" : String(text), id !== "tables" && i === 1);
        if (cells.across === i) c.colSpan = 2;  // a table of three's players, in one cell
        if (id !== "tables" && i === 1 && cells.mark) {
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

  function show(data) {
    var average = document.getElementById("standings").hasAttribute("data-average");
    fill("standings", data.standings.map(function (l) {
      var cells = [l.rank, l.name, l.victory_points, l.margin, l.played];
      if (average) cells.push(l.average_text);
      cells.mark = l.mark;
      return cells;
    }));
    if (data.handicap && document.getElementById("handicap")) {
      fill("handicap", data.handicap.map(function (l) {
        var cells = [l.place, l.name, l.victory_points, l.margin, l.handicap];
        if (l.average_text !== undefined) cells.push(l.average_text);
        cells.mark = l.mark;
        return cells;
      }));
    }
    fill("tables", data.tables.map(function (t) {
      var cells;
      if (t.sides.length > 2) {  // a table of three: its players in seat order, like its scores
        cells = [t.table, t.sides.join(" – "), t.scores.join(" – "), t.state];
        cells.across = 1;
        return cells;
      }
      return [t.table, t.sides[0], t.sides[1], t.scores.join(" – "), t.state];
    }));
    // the round line says "Final standings" when closed; the heading stays "Standings"
    var resting = document.getElementById("resting");  // who has the bye (sits out)
    resting.textContent = data.resting;
    resting.hidden = !data.resting;
    document.getElementById("round-line").textContent = data.round_line;
    timer.dataset.ends = data.ends;
    clock(data.now);
    seasons(data.seasons);
    tick();
    if (pager()) pager().show();
  }

  /* The public seasons that count the night, a line each: one made, published or closed
     since the screen opened shows at the next poll. */
  function seasons(lines) {
    var box = document.getElementById("night-seasons");
    box.replaceChildren.apply(box, lines.map(function (season) {
      var line = document.createElement("p");
      var link = document.createElement("a");
      line.className = "night-season";
      link.href = season.url;
      link.textContent = season.line;
      line.appendChild(link);
      return line;
    }));
  }

  /* A 304 hands back the cached answer with its old `now`: taking the skew from it would
     stop the countdown, so only a server time later than any seen before sets it. */
  function clock(served) {
    var at = Date.parse(served);
    if (!(at > newest)) return;
    newest = at;
    skew = at - Date.now();
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

  /* Each turn: the paged panel's next page, or after its last one the next panel. */
  function turn() {
    if (pager() && pager().more()) {
      pager().next();
      return;
    }
    panels[shown].hidden = true;
    shown = (shown + 1) % panels.length;
    panels[shown].hidden = false;
    if (pager()) pager().first();
  }

  if (timer.dataset.now) clock(timer.dataset.now);
  tick();
  pager().show();
  setInterval(tick, 1000);
  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(turn, Number(root.dataset.rotate) * 1000);
})();
