/* The house format form, refused: the first field with a problem gets the focus, in view,
   and each link of the banner focuses its field. Without JavaScript the links still jump. */
"use strict";

(function () {
  function show(field) {
    var fold = field.closest("details");
    if (fold) fold.open = true;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center" });
  }

  var first = document.querySelector("form.house [aria-invalid='true']");
  if (first) show(first);

  document.querySelectorAll(".problems a[href^='#']").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var field = document.getElementById(link.getAttribute("href").slice(1));
      if (!field) return;
      event.preventDefault();
      show(field);
    });
  });
})();
