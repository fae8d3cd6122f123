/* Live preview: the server's engine scores the hand as it is typed; nothing is saved.
   No scoring happens here: the page shows the numbers the preview endpoint returns. */
"use strict";

(function () {
  var form = document.querySelector("form[data-preview]");
  if (!form || !window.fetch) return;
  var out = form.querySelector("output.preview");
  var timer = 0;
  var asked = 0;

  function points(n) {
    var text = Math.abs(n).toLocaleString("en-US");
    return n < 0 ? "\u2212" + text : text;
  }
  function signed(n) { return n > 0 ? "+" + points(n) : points(n); }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function sideName(fieldset) {
    return fieldset.querySelector(".side-name").textContent;
  }

  /* The preview checks the whole hand again, so its answer replaces the last page's marks. */
  function clearFieldErrors() {
    form.querySelectorAll(".live-error").forEach(function (node) { node.remove(); });
    form.querySelectorAll(".field > ul.errors, fieldset.choice > ul.errors").forEach(function (node) {
      node.hidden = true;
    });
    form.querySelectorAll(".invalid").forEach(function (node) { node.classList.remove("invalid"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (node) { node.removeAttribute("aria-invalid"); });
  }

  function fieldName(name) {
    var input = form.elements[name];
    if (!input) return "";
    var first = input.length ? input[0] : input;
    var side = first.closest("fieldset.side-entry");
    var label = document.querySelector('label[for="' + first.id + '"]');
    var group = first.closest("fieldset.choice");
    var text = label ? label.textContent : group ? group.querySelector("legend").textContent : "";
    return (side ? sideName(side) + ", " : "") + text.trim();
  }

  function showErrors(errors) {
    var list = el("ul", "errors");
    errors.forEach(function (error) {
      var where = error.field && error.field !== "_form" ? fieldName(error.field) : "";
      list.appendChild(el("li", "", (where ? where + ": " : "") + error.message));
      var input = where && form.elements[error.field];
      var first = input && (input.length ? input[0] : input);
      var box = first && first.closest(".field, fieldset.choice");
      if (!box) return;
      box.classList.add("invalid");
      first.setAttribute("aria-invalid", "true");
      box.appendChild(el("p", "errors live-error", error.message));
    });
    out.appendChild(el("p", "pv-title", "Not saved yet: check these"));
    out.appendChild(list);
  }

  function showSides(data) {
    out.appendChild(el("p", "pv-title", "If saved now"));
    form.querySelectorAll("fieldset.side-entry").forEach(function (fieldset) {
      var side = data.sides[sideName(fieldset)];
      if (!side) return;
      var box = el("div", "pv " + fieldset.className.replace("side-entry", "").trim());
      var head = el("p", "pv-head");
      var mark = el("span", "mark");
      mark.setAttribute("aria-hidden", "true");
      head.appendChild(mark);
      head.appendChild(document.createTextNode(sideName(fieldset) + " "));
      head.appendChild(el("b", "pv-score", signed(side.score)));
      head.appendChild(document.createTextNode(" \u2192 total "));
      head.appendChild(el("b", "pv-total", points(side.total)));
      box.appendChild(head);
      var table = el("table", "items");
      side.breakdown.forEach(function (item) {
        var row = table.insertRow();
        var label = item.label + (item.count ? " \u00d7 " + item.count : "");
        var th = el("th", "", label);
        th.scope = "row";
        row.appendChild(th);
        row.appendChild(el("td", "", signed(item.points)));
      });
      box.appendChild(table);
      out.appendChild(box);
    });
    if (data.warnings && data.warnings.length) {
      var warnings = el("ul", "warnings");
      data.warnings.forEach(function (w) { warnings.appendChild(el("li", "", w)); });
      out.appendChild(warnings);
    }
  }

  function render(data) {
    out.removeAttribute("aria-busy");
    out.textContent = "";
    clearFieldErrors();
    var errors = data.errors || [];
    var nothing = errors.length === 1 && errors[0].field === "_form" && /^Nothing was entered/.test(errors[0].message);
    out.hidden = nothing;
    if (nothing) return;
    if (data.ok) showSides(data); else showErrors(errors);
  }

  function send() {
    var mine = ++asked;
    fetch(form.dataset.preview, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    }).then(function (response) { return response.json(); }).then(function (data) {
      if (mine === asked) render(data);
    }).catch(function () {
      if (mine !== asked) return;
      out.removeAttribute("aria-busy");
      out.textContent = "";
      out.hidden = false;
      out.appendChild(el("p", "quiet", "No preview without a connection. What you type is kept on this phone."));
    });
  }

  function schedule() {
    out.setAttribute("aria-busy", "true");  // a newer answer is coming; tests wait on it too
    clearTimeout(timer);
    timer = setTimeout(send, 250);
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  form.addEventListener("preview", send);
  var typed = Array.prototype.some.call(form.querySelectorAll(".points input"), function (input) {
    return input.value.trim() !== "";
  });
  if (typed) send();
})();
