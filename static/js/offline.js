/* The offline page comes back by itself: once the phone is online again, it asks again for
   the page that could not be reached (the service worker answered with this page in its
   place). A GET, never a repeated POST: a hand form comes back filled in from its draft. */
"use strict";

(function () {
  var page = document.querySelector(".offline-page");
  if (!page || window.location.pathname === page.dataset.self) return;
  function retry() {
    if (navigator.onLine) window.location.replace(window.location.href);
  }
  window.addEventListener("online", retry);
  setInterval(retry, 5000);  // "online" is not always fired when a network comes back
})();
