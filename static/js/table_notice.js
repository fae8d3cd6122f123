/* A table's phone: when the director starts the next round, the page opens this entrant's
   new table by itself (the notice says where to sit). */
"use strict";

(function () {
  var root = document.querySelector("[data-round-url]");
  if (!root) return;
  setInterval(function () {
    fetch(root.dataset.roundUrl, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.token && String(data.round) !== root.dataset.round) {
          location.assign(root.dataset.tableUrl.replace("TOKEN", data.token));
        }
      })
      .catch(function () {});
  }, 5000);
})();
