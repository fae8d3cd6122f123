/* The big screens' paging (screen.js and season_screen.js, loaded before either): as many
   standings rows a page as fit between the first row and the bottom of the window, and
   "Page 2 of 3" in the page line while there is more than one page. */
"use strict";

/* Returns a pager over the rows `selector` finds; `line` shows `words` ("Page {p} of {n}"). */
self.Paging = function (selector, line, words) {
  var page = 0;

  /* Rows that fit between the first row and the bottom of the screen. */
  function perPage(rows) {
    if (!rows.length) return 1;
    rows.forEach(function (r) { r.hidden = false; });
    var top = rows[0].getBoundingClientRect().top;
    var tall = rows[0].getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor((window.innerHeight - top - 8) / tall));
  }

  /* Shows the current page (the first again once past the last); returns how many there are. */
  function show() {
    var rows = Array.prototype.slice.call(document.querySelectorAll(selector));
    var size = perPage(rows);
    var pages = Math.max(1, Math.ceil(rows.length / size));
    if (page >= pages) page = 0;
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / size) !== page; });
    line.textContent = pages > 1 ? words.replace("{p}", page + 1).replace("{n}", pages) : "";
    return pages;
  }

  return {
    show: show,
    more: function () { return page + 1 < show(); },  // a page after this one
    next: function () { page += 1; return show(); },
    first: function () { page = 0; return show(); }
  };
};
