/* The hand form: live preview, card counter and draft keeping, in one file so a slow phone
   fetches one script, not three. Each part only enhances; the form works without them. */
"use strict";

/* The page's own words (data-words on the form, in the reader's language): no English here. */
function words(key, values) {
  var form = document.querySelector("form[data-words]");
  var text = form ? JSON.parse(form.dataset.words)[key] || "" : "";
  Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
  return text;
}

/* A whole number grouped as the page writes it (5,000 or 5.000), with a true minus sign. */
function grouped(n) {
  var form = document.querySelector("form[data-group]");
  var text = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, form ? form.dataset.group : ",");
  return n < 0 ? "\u2212" + text : text;
}

/* What a hand form holds, as a key: the preview's answer is kept with the key of the values it
   scored (form.previewed), so a hand saved offline can carry the server's own figures. */
function previewKey(form) {
  var skip = ["csrf_token", "version", "form_token", "number"];
  return JSON.stringify(Array.from(new FormData(form).entries()).filter(function (pair) {
    return skip.indexOf(pair[0]) < 0 && typeof pair[1] === "string";
  }));
}

/* ---- preview ---- */
/* Live preview: the server's engine scores the hand as it is typed; nothing is saved.
   No scoring happens here: the page shows the numbers the preview endpoint returns. */

(function () {
  var form = document.querySelector("form[data-preview]");
  if (!form || !window.fetch) return;
  var out = form.querySelector("output.preview");
  var timer = 0;
  var asked = 0;

  var points = grouped;
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

  /* The preview checks the whole hand again, so its answer replaces the last page's marks.
     The card counter's marks are its own (the server never sees a count): they stay. */
  function clearFieldErrors() {
    function ours(node) { return !node.closest("details.counter"); }
    form.querySelectorAll(".live-error").forEach(function (node) { node.remove(); });
    form.querySelectorAll(".field > ul.errors, fieldset.choice > ul.errors").forEach(function (node) {
      node.hidden = true;
    });
    form.querySelectorAll(".invalid").forEach(function (node) {
      if (ours(node)) node.classList.remove("invalid");
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (node) {
      if (ours(node)) node.removeAttribute("aria-invalid");
    });
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
      var fold = box.closest("details.more");
      if (fold) fold.open = true;  // a problem is never hidden in a folded part
      box.classList.add("invalid");
      first.setAttribute("aria-invalid", "true");
      box.appendChild(el("p", "errors live-error", error.message));
    });
    out.appendChild(el("p", "pv-title", words("check")));
    out.appendChild(list);
  }

  function showSides(data) {
    out.appendChild(el("p", "pv-title", words("saved")));
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
      head.appendChild(document.createTextNode(" " + words("total") + " "));
      head.appendChild(el("b", "pv-total", points(side.total)));
      box.appendChild(head);
      var table = el("table", "items");
      side.breakdown.forEach(function (item) {
        var row = table.insertRow();
        var label = item.label + (item.count ? " \u00d7 " + item.count : "") +
          (item.note ? " (" + item.note + ")" : "");
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

  /* Beside Save, in one line: "We +780 · They +505 → 3,120 / 2,415", the preview's numbers. */
  var sum = form.querySelector("output.pv-sum");
  function showSum(data) {
    if (!sum) return;
    var scores = [];
    var totals = [];
    form.querySelectorAll("fieldset.side-entry").forEach(function (fieldset) {
      var side = data.ok && data.sides[sideName(fieldset)];
      if (!side) return;
      scores.push(sideName(fieldset) + " " + signed(side.score));
      totals.push(points(side.total));
    });
    sum.textContent = scores.length ? scores.join(" \u00b7 ") + " \u2192 " + totals.join(" / ") : "";
    sum.hidden = !scores.length;
  }

  function render(data) {
    out.removeAttribute("aria-busy");
    out.textContent = "";
    clearFieldErrors();
    var errors = data.errors || [];
    var nothing = errors.some(function (error) { return error.code === "nothing_entered"; });
    out.hidden = nothing;
    showSum(nothing ? {} : data);
    if (nothing) return;
    if (data.ok) showSides(data); else showErrors(errors);
  }

  function send() {
    var mine = ++asked;
    var key = previewKey(form);
    fetch(form.dataset.preview, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    }).then(function (response) { return response.json(); }).then(function (data) {
      if (mine !== asked) return;
      render(data);
      form.previewed = null;
      if (!data.ok) return;
      var sides = [];
      form.querySelectorAll("fieldset.side-entry").forEach(function (fieldset) {
        var side = data.sides[sideName(fieldset)];
        if (side) sides.push([sideName(fieldset), side.score, side.total]);
      });
      form.previewed = { key: key, sides: sides };
    }).catch(function () {
      if (mine !== asked) return;
      showSum({});
      out.removeAttribute("aria-busy");
      out.textContent = "";
      out.hidden = false;
      out.appendChild(el("p", "quiet", words("offline")));
    });
  }

  function schedule() {
    asked++;  // an answer already on its way is for older values: it must not clear the busy mark
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

/* ---- counter ---- */
/* Card counter: steppers per card class; their points (count x the preset's value, written
   on the page) fill the side's melded and hand points. Generic: no format is named here.
   It is an input aid, like typing 120+35: it only fills the points fields, and the server
   checks and scores what they hold (the preview above shows its answer; saving re-checks). */

(function () {
  function el(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  }

  /* A count above what the pack holds is marked beside its box and fills nothing. */
  function checkCount(input) {
    var box = input.closest(".field");
    var old = box.querySelector(".counter-error");
    if (old) old.remove();
    var max = parseInt(input.dataset.max, 10);
    var count = parseInt(input.value, 10) || 0;
    var over = !isNaN(max) && count > max;
    box.classList.toggle("invalid", over);
    if (over) {
      input.setAttribute("aria-invalid", "true");
      var label = document.querySelector('label[for="' + input.id + '"]');
      var what = label.textContent.replace(/\s*\(.*\)\s*$/, "");
      /* The label leads, as written: inside a sentence it would need each language's grammar. */
      box.appendChild(el("p", "errors counter-error", words("pack", { max: grouped(max), cards: what })));
    } else {
      input.removeAttribute("aria-invalid");
    }
    return !over;
  }

  document.querySelectorAll("details.counter").forEach(function (counter) {
    counter.querySelectorAll("fieldset.counter-group").forEach(function (group) {
      var target = document.getElementById(group.dataset.target);
      if (!target) return;
      var filled = "";  // what the counter last wrote there; anything else was typed by hand

      function fill(value) {
        target.value = value;
        filled = value;
        target.dispatchEvent(new Event("input", { bubbles: true }));
      }

      group.addEventListener("input", function () {
        var sum = 0;
        var possible = true;
        group.querySelectorAll("[data-points]").forEach(function (card) {
          var input = card.querySelector("input");
          possible = checkCount(input) && possible;
          sum += Math.max(0, parseInt(input.value, 10) || 0) * Number(card.dataset.points);
        });
        var old = group.querySelector(".counter-note");
        if (old) old.remove();
        if (!possible) return;
        var typed = target.value.trim();
        if (typed === "" || typed === filled || typed === String(sum)) {
          fill(String(sum));
          return;
        }
        /* Typed by hand: never overwritten unasked. */
        var label = document.querySelector('label[for="' + target.id + '"]');
        var note = el("p", "counter-note", words("typed", { field: label.textContent, typed: typed, sum: grouped(sum) }) + " ");
        note.setAttribute("role", "status");
        var use = el("button", "", words("use", { sum: grouped(sum) }));
        use.type = "button";
        use.addEventListener("click", function () { note.remove(); fill(String(sum)); });
        note.appendChild(use);
        group.appendChild(note);
      });
    });
  });
})();

/* ---- draft ---- */
/* Draft keeping: the hand being typed lives in this browser until the server has saved it,
   so a reload or a dropped connection loses nothing. Drafts of hands saved since are dropped. */

(function () {
  var PREFIX = "draft:";
  var HIDDEN = ["csrf_token", "version", "form_token", "number"];

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function store(key, draft) {
    try { localStorage.setItem(key, JSON.stringify(draft)); } catch (e) { /* full or private */ }
  }
  function drop(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing to drop */ }
  }
  function same(a, b) {
    var keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every(function (k) { return a[k] === b[k]; });
  }

  /* A record draft is done once its hand exists; any draft once it was sent and the game has
     moved on since: a hand that ended the game, then deleted, must not come back as typing.
     (Checked here, on the hand form, so the sheet needs no script for it.) */
  var sheet = document.querySelector("[data-drafts]");
  var usable = true;
  try { localStorage.getItem(PREFIX); } catch (e) { usable = false; }  // storage switched off
  if (!usable) return;
  if (sheet) {
    var game = sheet.dataset.drafts;
    var hands = Number(sheet.dataset.hands);
    var version = Number(sheet.dataset.version);
    for (var i = localStorage.length - 1; i >= 0; i--) {
      var key = localStorage.key(i);
      var parts = key && key.split(":");
      if (!parts || parts[0] + ":" !== PREFIX || parts[1] !== game) continue;
      var draft = load(key) || {};
      var recorded = parts[3] === "record" && Number(parts[2]) <= hands;
      if (recorded || (draft.sent && version > draft.version)) drop(key);
    }
  }

  var form = document.querySelector("form[data-draft]");
  if (!form) return;
  var key = PREFIX + form.dataset.draft;
  var fields = Array.prototype.filter.call(form.elements, function (el) {
    return el.name && el.type !== "hidden" && HIDDEN.indexOf(el.name) < 0 &&
      (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA");
  });

  function values() {
    var data = {};
    fields.forEach(function (el) {
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) data[el.name] = el.value;
        else if (!(el.name in data)) data[el.name] = "";
      } else {
        data[el.name] = el.value;
      }
    });
    return data;
  }

  function apply(data) {
    fields.forEach(function (el) {
      if (!(el.name in data)) return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = data[el.name] === el.value;
      else el.value = data[el.name];
    });
    form.querySelectorAll("details.counter, details.more").forEach(function (fold) {
      fold.open = Array.prototype.some.call(fold.querySelectorAll("input"), function (input) {
        return input.value !== "0" && input.value !== "";
      });
    });
  }

  var shown = values();
  var saved = load(key);
  var base = shown;
  if (saved && saved.values && saved.base && same(shown, saved.base) && !same(shown, saved.values)) {
    base = saved.base;
    apply(saved.values);
    notice(saved.base);
    form.dispatchEvent(new Event("preview"));
  } else if (saved && saved.values && same(shown, saved.values)) {
    base = saved.base || shown;  // the page already shows the draft (a form sent back with errors)
  }

  function notice(original) {
    var note = document.createElement("p");
    note.className = "flash restored";
    note.setAttribute("role", "status");
    note.textContent = words("restored") + " ";
    var reset = document.createElement("button");
    reset.type = "button";
    reset.textContent = words("over");
    reset.addEventListener("click", function () {
      drop(key);
      apply(original);
      note.remove();
      form.dispatchEvent(new Event("input"));
    });
    note.appendChild(reset);
    form.insertBefore(note, form.firstChild);
  }

  function keep(sent) {
    store(key, { base: base, values: values(), version: Number(form.dataset.version), sent: sent });
  }
  form.addEventListener("input", function () { keep(false); });
  form.addEventListener("change", function () { keep(false); });
  form.addEventListener("submit", function () { keep(true); });
  var discard = form.querySelector("[data-discard]");
  if (discard) discard.addEventListener("click", function () { drop(key); });
})();

/* One-tap counts (issue 32): the page draws the chips (templates/hands/_chips.html); a tap
   fills the field beside it, "1·2" in a grid both of its two, and the chip of the value
   shown is pressed. Nothing is scored here: the chips only fill the fields the server reads. */
(function () {
  var form = document.querySelector("form.hand");
  if (!form) return;
  function byId(id) { return document.getElementById(id); }
  function value(input) { return parseInt(input.value, 10) || 0; }
  function set(input, to) {
    input.value = to;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function pair(chip) { return chip.closest("[data-grid-for]").dataset.gridFor.split(" ").map(byId); }
  function pressed(chip) {
    var row = chip.closest("[data-chips-for]");
    if (!row) {
      var fields = pair(chip);
      return chip.dataset.values === value(fields[0]) + "," + value(fields[1]);
    }
    var n = Number(chip.dataset.value), shown = value(byId(row.dataset.chipsFor));
    return chip.nextElementSibling ? shown === n : shown >= n;  // the last is "n or more"
  }
  form.addEventListener("click", function (event) {
    var chip = event.target.closest("button.chip");
    if (!chip) return;
    var row = chip.closest("[data-chips-for]");
    if (row) return set(byId(row.dataset.chipsFor), chip.dataset.value);
    var fields = pair(chip), values = chip.dataset.values.split(",");
    fields[0].value = values[0];
    set(fields[1], values[1]);
  });
  function sync() {
    form.querySelectorAll("button.chip").forEach(function (chip) {
      var on = pressed(chip);
      chip.setAttribute("aria-pressed", String(on));
      chip.classList.toggle("primary", on);  // the buttons' own pressed look
    });
  }
  form.addEventListener("input", sync);
  form.addEventListener("reset", function () { setTimeout(sync, 0); });
  setTimeout(sync, 0);  // after a draft is restored
})();
