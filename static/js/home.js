/* The home screen: times the server wrote in UTC read in the phone's own time zone, written
   as the server writes them in the page's language (i18n.moment and i18n.clock): the patterns,
   month names and AM/PM words come from the page, so a day reads the same on every page. */
"use strict";

(function () {
  var script = document.currentScript;
  var words = script && script.dataset.dates ? JSON.parse(script.dataset.dates) : null;
  if (!words) return;

  function two(n) {
    return n < 10 ? "0" + n : String(n);
  }

  /* Writes a time by a CLDR pattern: d, dd, M, MM, MMM, y, H, HH, h, hh, m, mm, a and 'quoted'. */
  function written(when, pattern) {
    var hours = when.getHours();
    var numbers = {
      d: when.getDate(), M: when.getMonth() + 1, y: when.getFullYear(),
      H: hours, h: hours % 12 || 12, m: when.getMinutes(),
    };
    return pattern.replace(/'([^']*)'|([A-Za-z])\2*/g, function (run, quoted, letter) {
      if (quoted !== undefined) return quoted || "'";
      if (letter === "a") return words.periods[hours < 12 ? 0 : 1];
      if (letter === "M" && run.length >= 3) return words.months[when.getMonth()];
      if (!(letter in numbers)) return run;
      if (letter === "y") return run.length === 2 ? two(numbers.y % 100) : String(numbers.y);
      return run.length >= 2 ? two(numbers[letter]) : String(numbers[letter]);
    });
  }

  document.querySelectorAll("time[data-local]").forEach(function (node) {
    var when = new Date(node.getAttribute("datetime"));
    if (isNaN(when)) return;
    var pattern = node.getAttribute("data-local") === "clock" ? words.clock : words.moment;
    node.textContent = written(when, pattern);
  });
})();
