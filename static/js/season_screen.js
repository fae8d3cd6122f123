/* A season's big screen: asks for the standings every few seconds (the ETag it holds makes an
   unchanged season a bare 304), rewrites the table in place, and pages through standings too
   long for the screen, one page every few seconds (paging.js). */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var pager = self.Paging(
    "#season-standings tbody tr", document.getElementById("page-line"), root.dataset.page);

  function cell(row, text, header) {
    var c = document.createElement(header ? "th" : "td");
    if (header) c.scope = "row";
    c.textContent = text;
    row.appendChild(c);
  }

  function fill(lines) {
    var body = document.querySelector("#season-standings tbody");
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
        fill(data.standings);
        document.getElementById("season-empty").hidden = data.standings.length > 0;
        pager.show();
      })
      .catch(function () {});  // the next poll tries again
  }

  pager.show();
  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(pager.next, Number(root.dataset.rotate) * 1000);
})();
