/* A season's big screen: asks for the standings every few seconds (the ETag it holds makes an
   unchanged season a bare 304), rewrites the tables in place, and pages through standings too
   long for the screen, one page every few seconds (paging.js); with the season's handicap
   option, after the standings' last page the handicap ranking's panel, then back. */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  /* The panels in turn, each with its pager: the standings, then a handicap ranking. */
  var panels = [{
    box: document.getElementById("panel-standings"),
    table: "season-standings",
    pager: self.Paging(
      "#season-standings tbody tr", document.getElementById("page-line"), root.dataset.page)
  }];
  if (document.getElementById("panel-handicap")) {
    panels.push({
      box: document.getElementById("panel-handicap"),
      table: "season-handicap",
      pager: self.Paging("#season-handicap tbody tr",
        document.querySelector("#h-handicap .page-line"), root.dataset.page)
    });
  }
  var shown = 0;

  function cell(row, text, header) {
    var c = document.createElement(header ? "th" : "td");
    if (header) c.scope = "row";
    c.textContent = text;
    row.appendChild(c);
  }

  function fill(id, lines) {
    var body = document.querySelector("#" + id + " tbody");
    var fresh = document.createElement("tbody");
    lines.forEach(function (l, i) {
      if (!l.qualified && (i === 0 || lines[i - 1].qualified)) {
        var line = document.createElement("tr");
        line.className = "below-minimum";
        var th = document.createElement("th");
        th.colSpan = 4;
        th.scope = "rowgroup";
        th.textContent = root.dataset.below;
        line.appendChild(th);
        fresh.appendChild(line);
      }
      var row = document.createElement("tr");
      if (!l.qualified) row.className = "unqualified";
      cell(row, String(l.rank));
      cell(row, l.name, true);
      cell(row, l.score);
      cell(row, String(l.nights));
      fresh.appendChild(row);
    });
    body.replaceWith(fresh);
  }

  function poll() {
    // "no-cache": the browser revalidates with the ETag it holds; unchanged answers a bare 304
    fetch(root.dataset.live, { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return;
        document.getElementById("nights-line").textContent = data.nights_line;
        fill("season-standings", data.standings);
        if (data.handicap && panels.length > 1) fill("season-handicap", data.handicap);
        document.getElementById("season-empty").hidden = data.standings.length > 0;
        panels[shown].pager.show();
      })
      .catch(function () {});  // the next poll tries again
  }

  /* Each turn: the shown panel's next page, or after its last one the next panel. */
  function turn() {
    var now = panels[shown];
    if (panels.length === 1 || now.pager.more()) {
      now.pager.next();
      return;
    }
    now.box.hidden = true;
    document.getElementById("page-line").textContent = "";  // the standings' "Page 2 of 3"
    shown = (shown + 1) % panels.length;
    panels[shown].box.hidden = false;
    panels[shown].pager.first();
  }

  panels[0].pager.show();
  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(turn, Number(root.dataset.rotate) * 1000);
})();
