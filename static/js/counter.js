/* Card counter: steppers per card class; their points (count x the preset's value, written
   on the page) fill the side's melded and hand points. Generic: no format is named here. */
"use strict";

(function () {
  document.querySelectorAll("details.counter").forEach(function (counter) {
    counter.hidden = false;
    counter.querySelectorAll("fieldset.counter-group").forEach(function (group) {
      var target = document.getElementById(group.dataset.target);
      if (!target) return;
      group.addEventListener("input", function () {
        var sum = 0;
        group.querySelectorAll("[data-points]").forEach(function (card) {
          var input = card.querySelector("input");
          var count = Math.max(0, parseInt(input.value, 10) || 0);
          sum += count * Number(card.dataset.points);
        });
        target.value = String(sum);
        target.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
  });
})();
