/* "Can we open?": asks the server (the engine decides) as cards are tapped; no rule here. */
"use strict";

(function () {
  if (!window.fetch) return;
  var timer = 0;
  var asked = 0;

  /* Listens on the document: sheet.js may swap the sheet, form and all, at any moment. */
  function formOf(event) {
    return event.target.closest ? event.target.closest("form[data-opening]") : null;
  }

  function show(form, data) {
    var out = form.querySelector("output.answer");
    out.textContent = "";
    out.classList.toggle("met", Boolean(data.ok && data.met));
    if (!data.ok) {
      out.textContent = (data.errors || []).map(function (e) { return e.message; }).join(" ") ||
        form.dataset.failed;
      return;
    }
    var b = document.createElement("b");
    b.textContent = data.shown;  /* the points as the page writes them, e.g. 1.250 */
    out.appendChild(b);
    out.appendChild(document.createTextNode(" " + form.dataset.unit + " " + data.message));
  }

  function send(form) {
    var mine = ++asked;
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    }).then(function (response) { return response.json(); }).then(function (data) {
      if (mine === asked) show(form, data);
    }).catch(function () {
      if (mine === asked) show(form, { ok: false, errors: [{ message: form.dataset.offline }] });
    });
  }

  function later(event) {
    var form = formOf(event);
    if (!form) return;
    clearTimeout(timer);
    timer = setTimeout(function () { send(form); }, 200);
  }

  /* This script arrives with the section: cards tapped before it came are answered now. */
  var ready = document.querySelector("form[data-opening]");
  var tapped = ready && Array.prototype.some.call(ready.querySelectorAll("input[inputmode]"),
    function (field) { return Number(field.value) > 0; });
  if (tapped) later({ target: ready });

  document.addEventListener("input", later);
  document.addEventListener("change", later);
  document.addEventListener("submit", function (event) {
    var form = formOf(event);
    if (!form) return;
    event.preventDefault();
    send(form);
  });
})();
