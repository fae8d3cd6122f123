/* A season's big screen: asks for the standings every few seconds (the ETag it holds makes an
   unchanged season a bare 304), rewrites the table in place, and pages through standings too
   long for the screen, one page every few seconds. */
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var page = 0;

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

  /* Rows that fit between the table's first row and the bottom of the screen. */
  function perPage(rows) {
    if (!rows.length) return 1;
    rows.forEach(function (r) { r.hidden = false; });
    var top = rows[0].getBoundingClientRect().top;
    var tall = rows[0].getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor((window.innerHeight - top - 8) / tall));
  }

  function showPage() {
    var rows = Array.prototype.slice.call(document.querySelectorAll("#season-standings tbody tr"));
    var size = perPage(rows);
    var pages = Math.max(1, Math.ceil(rows.length / size));
    if (page >= pages) page = 0;
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / size) !== page; });
    document.getElementById("page-line").textContent = pages > 1
      ? root.dataset.page.replace("{p}", page + 1).replace("{n}", pages) : "";
    return pages;
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
        showPage();
      })
      .catch(function () {});  // the next poll tries again
  }

  function turn() {
    page += 1;
    showPage();
  }

  showPage();
  setInterval(poll, Number(root.dataset.poll || 3000));
  setInterval(turn, Number(root.dataset.rotate) * 1000);
})();
