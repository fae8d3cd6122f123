/* Enhancements only: every screen works without this file. */
"use strict";

/* Steppers (− and +), drawn by the page (shown only where scripts run, app.css): one
   listener for the page, so a sheet swapped in by sheet.js keeps them. */
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button.step");
  var input = button && document.getElementById(button.dataset.for);
  if (!input) return;
  var value = (parseInt(input.value, 10) || 0) + Number(button.dataset.step);
  var max = parseInt(input.dataset.max, 10);
  if (!isNaN(max)) value = Math.min(value, max);
  input.value = String(Math.max(0, value));
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

/* The installable app: register the service worker, and say so while the phone is offline.
   (Here: a file of its own would cost a slow phone a round trip.) */
(function () {
  var script = document.currentScript;
  // After the page: the worker (it fetches every file), then data-later scripts.
  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator && script && script.dataset.worker) {
      navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
        /* No worker (private mode, plain http): the app works online. */
      });
    }
    document.querySelectorAll("template[data-later]").forEach(function (mark) {
      var later = document.createElement("script");
      later.src = mark.dataset.later;
      document.head.appendChild(later);
    });
  });

  var note = document.createElement("p");
  note.className = "flash error offline-note";
  note.setAttribute("role", "status");
  note.textContent = script ? script.dataset.offline : "";

  function show() {
    var main = document.querySelector("main");
    if (!navigator.onLine && main && !document.querySelector(".offline-note, .offline-page")) {
      main.insertBefore(note, main.firstChild);
    } else if (navigator.onLine && note.parentNode) {
      note.parentNode.removeChild(note);
    }
  }
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
})();
