/* Enhancements only: every screen works without this file. */
"use strict";

/* Steppers: show the − and + buttons beside small counts and make them change the box. */
document.querySelectorAll("button.step").forEach(function (button) {
  var input = document.getElementById(button.dataset.for);
  if (!input) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    var value = (parseInt(input.value, 10) || 0) + Number(button.dataset.step);
    var max = parseInt(input.dataset.max, 10);
    if (!isNaN(max)) value = Math.min(value, max);
    input.value = String(Math.max(0, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
});
