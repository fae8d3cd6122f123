/* The new-game form: choosing the number of players shows the form for that many at once.
   Without JavaScript the "Change" button beside the choice does the same. */
"use strict";

document.querySelectorAll("form[data-autosubmit]").forEach(function (form) {
  form.querySelectorAll("[data-without-js]").forEach(function (node) { node.hidden = true; });
  form.addEventListener("change", function () { form.submit(); });
});
