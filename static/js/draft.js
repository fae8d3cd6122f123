/* Draft keeping: the hand being typed lives in this browser until the server has saved it,
   so a reload or a dropped connection loses nothing. Drafts of hands saved since are dropped. */
"use strict";

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

  /* A record draft is done once its hand exists; an edit draft once it was sent and the game
     has moved on. (Checked here, on the hand form, so the sheet needs no script for it.) */
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
      var edited = parts[3] === "edit" && draft.sent && version > draft.version;
      if (recorded || edited) drop(key);
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
    form.querySelectorAll("details.counter").forEach(function (counter) {
      counter.open = Array.prototype.some.call(counter.querySelectorAll("input"), function (input) {
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
    note.textContent = "Restored what you were typing. ";
    var reset = document.createElement("button");
    reset.type = "button";
    reset.textContent = "Start over";
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
