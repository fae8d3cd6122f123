/* The big screen: asks for the standings every few seconds and rewrites the tables in place
   (no reload), and turns between the standings and the round's tables. */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var panels = [document.getElementById("panel-standings"), document.getElementById("panel-tables")];
  var shown = 0;

  function cell(row, text, header) {
    var c = document.createElement(header ? "th" : "td");
    if (header) c.scope = "row";
    c.textContent = text;
    row.appendChild(c);
  }

  function fill(id, rows) {
    var body = document.querySelector("#" + id + " tbody");
    var fresh = document.createElement("tbody");
    rows.forEach(function (cells) {
      var row = document.createElement("tr");
      cells.forEach(function (text, i) { cell(row, text, id === "standings" && i === 1); });
      fresh.appendChild(row);
    });
    body.replaceWith(fresh);
  }

  function show(data) {
    fill("standings", data.standings.map(function (l) {
      return [l.rank, l.name, l.victory_points, l.margin, l.played];
    }));
    fill("tables", data.tables.map(function (t) {
      return [t.table, t.sides[0], t.sides[1], t.scores[0] + " – " + t.scores[1], t.state];
    }));
    if (data.round) {
      var line = document.getElementById("round-line");
      line.textContent = line.dataset.template.replace("{n}", data.round);
    }
  }

  function poll() {
    // "no-cache": the browser revalidates with the ETag it holds; unchanged answers a bare 304
    fetch(root.dataset.live, { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) show(data); })
      .catch(function () {});  // the next poll tries again
  }

  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(function () {
    panels[shown].hidden = true;
    shown = (shown + 1) % panels.length;
    panels[shown].hidden = false;
  }, Number(root.dataset.rotate) * 1000);
})();
