/* The new-game form: choosing the number of players shows the form for that many at once.
   Without JavaScript the "Change" button beside the choice does the same. */
"use strict";

document.querySelectorAll("form[data-autosubmit]").forEach(function (form) {
  form.querySelectorAll("[data-without-js]").forEach(function (node) { node.hidden = true; });
  form.addEventListener("change", function () { form.submit(); });
});

/* Who deals first: each seat follows the names as they are typed ("Seat 2: They: Cat"), from
   the fields and the words for a blank one that the page gives each seat (GameForm.seat_choices). */
(function () {
  var dealer = document.getElementById("f-first_dealer");
  if (!dealer || !dealer.form) return;
  function typed(id, blank) {
    var field = document.getElementById(id);
    return (field && field.value.trim()) || blank;
  }
  function reword() {
    Array.prototype.forEach.call(dealer.options, function (option) {
      var seat = option.dataset;
      if (!seat.words) return;
      var label = typed(seat.side, seat.sideBlank);
      if (seat.player) label += ": " + typed(seat.player, seat.playerBlank);
      option.textContent = seat.words.replace("{}", function () { return label; });
    });
  }
  dealer.form.addEventListener("input", reword);
  reword(); // names the browser kept when coming back to the page
})();
