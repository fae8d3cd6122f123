/* The home screen: times the server wrote in UTC read in the phone's own time zone,
   written the way the page's language writes them. */
"use strict";

document.querySelectorAll("time[data-local]").forEach(function (node) {
  var when = new Date(node.getAttribute("datetime"));
  if (isNaN(when)) return;
  node.textContent = when.toLocaleString(document.documentElement.lang || undefined, {
    day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
});
