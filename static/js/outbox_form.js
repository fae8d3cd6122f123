/* The hand form's part of the outbox (outbox.js calls it): Save keeps the hand in the outbox
   first, then sends it; offline, the form says the hand waits and offers the next hand in
   place; a hand that came back returns to its form only when the user chose "Record mine".
   Loaded before outbox.js. */
"use strict";

self.OutboxForm = function (form, kit) {
  var Outbox = kit.Outbox;
  var el = kit.el;
  var fill = kit.fill;
  var fw = kit.wordsOf(form.querySelector("[data-outbox-words]"));
  var ready = false;
  Outbox.all().then(function () { ready = true; }).catch(function () { /* plain posts */ });
  var base = window.location.pathname;
  var lang = /[?&](lang=[^&]*)/.exec(location.search);  // a shared link's language: its answers

  function native() { HTMLFormElement.prototype.submit.call(form); }
  function apply(data) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.type === "hidden" || !(input.name in data)) return;
      if (input.type === "radio" || input.type === "checkbox") input.checked = data[input.name] === input.value;
      else input.value = data[input.name];
    });
    form.querySelectorAll("details.counter, details.more").forEach(function (fold) {
      fold.open = Array.prototype.some.call(fold.querySelectorAll("input"), function (input) {
        return input.value !== "0" && input.value !== "";
      });
    });
  }
  function text(node) { return node ? node.textContent.replace(/\s+/g, " ").trim() : ""; }
  /* A side's name, as its fieldset's legend says it without the small print. */
  function sideOf(input) {
    var sets = [];
    for (var at = input.closest("fieldset"); at; at = at.parentElement && at.parentElement.closest("fieldset")) sets.push(at);
    var legend = sets.length ? sets[sets.length - 1].querySelector("legend") : null;
    if (!legend) return "";
    var copy = legend.cloneNode(true);
    copy.querySelectorAll("small").forEach(function (n) { n.remove(); });
    return text(copy);
  }
  /* What was typed, as the form's own labels say it: shown beside theirs if the hand clashes.
     Every field holding something, who went out included; empty ones and "no" are left out. */
  function typed() {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || ["hidden", "submit", "button"].indexOf(input.type) >= 0) return;
      var choice = input.type === "radio" || input.type === "checkbox";
      // Who went out is shown even when the form came with it chosen ("We went out"): it is
      // often what two phones disagree on. Only "no" (nobody) is the blank hand's.
      if (choice && (!input.checked || input.value === "no")) return;
      if (!choice && (input.value === "" || input.value === "0")) return;
      var side = sideOf(input);
      var label = text(input.labels && input.labels[0]);
      if (choice) {
        var group = input.closest("fieldset");
        var question = group && group.querySelector("legend");
        var about = question && side !== text(question) ? text(question) : "";
        out.push([side && about ? side + " \u00b7 " + about : side || about, label]);
      } else {
        out.push([(side ? side + " · " : "") + label, input.value]);
      }
    });
    return out;
  }
  function token() {
    var bytes = new Uint8Array(16);
    self.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  /* This form's address for the next hand: without "out", so nobody starts as gone out. */
  function fresh() {
    var query = new URLSearchParams(location.search);
    query.delete("out");
    query.delete("outbox");
    return base + (String(query) ? "?" + query : "");
  }
  function hidden(name) { return form.querySelector("input[type=hidden][name='" + name + "']"); }

  /* Saved offline: the form says so and goes on, in place, as the next hand's (typed against
     the sheet as it will be once this one is in: its version one on, a fresh one-time key).
     Above it, the totals as the server last gave them and each hand not yet sent, with the
     figures the server's preview gave for it as typed (none where it never answered: then
     its score comes when it is sent). No score is worked out here. */
  var chained = null;  // the hand this form's next one is typed behind, while offline
  function next(entry) {
    form.reset();
    chained = entry.id;
    hidden("number").value = String(entry.number + 1);
    hidden("version").value = String(Number(entry.version) + 1);
    hidden("form_token").value = token();
    // Nobody has gone out of the next hand yet, whichever button opened this form.
    form.querySelectorAll("input[name$=went_out]").forEach(function (n) { n.checked = n.defaultChecked = n.value === "no"; });
    var heading = document.querySelector("main h1");
    if (heading) heading.textContent = fill(fw.hand, { number: entry.number + 1 });
    // The next hand's dealer, as the server listed the coming ones with this form (no rule here).
    var line = document.querySelector("[data-dealers]");
    if (line) {
      var seat = JSON.parse(line.dataset.dealers)[entry.number - Number(line.dataset.from)];
      line.hidden = !seat;
      if (seat) line.querySelectorAll("b").forEach(function (b, i) { b.textContent = seat[i]; });
    }
    document.querySelectorAll("p.totals, legend small").forEach(function (n) { n.hidden = true; });
    form.dispatchEvent(new Event("input"));
    form.dataset.blank = previewKey(form);  // reloaded once all is sent, if nothing was typed
    var first = form.querySelector(".points input");
    if (first) first.focus({ preventScroll: true });
  }
  function signed(n) { return (n > 0 ? "+" : "") + grouped(n); }
  function running() {
    return Outbox.all().then(function (entries) {
      var waiting = entries.filter(function (e) { return e.game === form.dataset.drafts && e.state === "waiting"; });
      document.querySelectorAll(".outbox-running").forEach(function (n) { n.remove(); });
      if (!waiting.length) return;
      var box = el("div", "outbox-running");
      box.setAttribute("role", "status");
      var totals = document.querySelector("p.totals");
      if (totals) {
        var last = Array.prototype.map.call(totals.querySelectorAll("span"), text).join(" \u00b7 ");
        box.appendChild(el("p", "outbox-last", fw.last + " " + last));
      }
      var list = el("ul", "outbox-pending");
      waiting.sort(function (a, b) { return a.number - b.number; }).forEach(function (e) {
        var figures = (e.figures || []).map(function (side) {
          return side[0] + " " + signed(side[1]) + " \u2192 " + grouped(side[2]);
        }).join(" \u00b7 ");
        var item = el("li", "", fill(fw.pending, { number: e.number }) + " ");
        item.dataset.pending = String(e.number);
        item.appendChild(el("span", figures ? "pending-figures" : "quiet", figures || fw.unscored));
        list.appendChild(item);
      });
      box.appendChild(list);
      // One box says it all: the waiting note holds the running totals.
      var note = document.querySelector(".outbox-queued");
      if (note) note.appendChild(box);
      else form.parentNode.insertBefore(box, form);
    }).catch(function () {});
  }
  function queued(entry) {
    var old = document.querySelector(".outbox-queued");
    if (old) old.remove();
    var note = el("div", "flash warning outbox-queued");
    note.setAttribute("role", "status");
    note.dataset.entry = entry.id;
    note.appendChild(el("p", "", fill(fw.queued, { number: entry.number })));
    if (fw.needs) note.appendChild(el("p", "quiet", fw.needs));
    // No "Back to the sheet" here: over plain http no page opens offline but this one, and the
    // next hand is typed right below (the header's link stays for when the connection is back).
    form.parentNode.insertBefore(note, form);
    if (entry.kind === "record") next(entry);
    running();
    note.scrollIntoView();
  }
  // Sent by itself while the form stayed open: the notes go, "Hand 1 was sent." is said, and
  // a form nobody typed into since is read again, now the next hand's with the server's totals.
  // A hand that came back (another phone's took its number) does the same: the choice between
  // theirs and mine stays on the page above a blank form, never one filled with mine.
  document.addEventListener("outbox:changed", function () {
    var note = document.querySelector(".outbox-queued");
    if (!note && !document.querySelector(".outbox-running")) return;
    Outbox.all().then(function (entries) {
      var game = entries.filter(function (e) { return e.game === form.dataset.drafts; });
      var waiting = game.some(function (e) { return e.state === "waiting"; });
      running();
      if (waiting || !note) return;
      note.remove();
      // Sent, or back beside another phone's: a blank form is read again (the server's
      // number, version and totals); one typed into stays as typed.
      var done = game.some(function (e) { return e.state === "sent" || e.state === "returned"; });
      var untouched = !chained || form.dataset.blank === previewKey(form);
      if (done && untouched) window.location.replace(fresh());
    });
  });

  form.addEventListener("submit", function (event) {
    if (!ready || event.defaultPrevented) return;  // no outbox on this phone: a plain post
    event.preventDefault();
    var data = new FormData(form);
    var entry = {
      id: String(data.get("form_token")),
      game: form.dataset.drafts,
      kind: form.dataset.outboxForm,
      number: Number(data.get("number")),
      version: Number(data.get("version")),
      url: base + (lang ? "?" + lang[1] : ""),
      form: base,
      fields: Array.from(data.entries()).filter(function (pair) { return typeof pair[1] === "string"; }),
      typed: typed(),
      after: chained,
      figures: form.previewed && form.previewed.key === previewKey(form) ? form.previewed.sides : null,
      now: true,
    };
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    // The hand that came back gives way once this one is saved or waits in its place.
    function settle() { return replacing ? Outbox.drop(replacing).then(function () { replacing = null; }) : null; }
    Outbox.add(entry).then(function () {
      return Outbox.flush();
    }).then(function () {
      return Outbox.get(entry.id);
    }).then(function (after) {
      if (button) button.disabled = false;
      if (after && after.state === "sent") {
        Promise.all([Outbox.drop(entry.id), settle()]).then(function () {
          window.location.href = fw.sheet_url + "#hand-" + after.number;
        });
      } else if (after && after.state === "returned" && !after.clash) {
        // Online and refused as typed: the server shows the form with every problem marked.
        Outbox.drop(entry.id).then(native, native);
      } else {
        Promise.resolve(settle()).then(function () {
          if (after && after.state === "returned") return kit.refresh();  // taken meanwhile: side by side
          Outbox.later();
          queued(entry);
          kit.refresh();
        });
      }
    }).catch(function () {
      if (button) button.disabled = false;
      native();
    });
  });

  /* A hand that came back, chosen to be recorded again: its values in its form, with why. */
  var asked = new URLSearchParams(window.location.search).get("outbox");
  var replacing = null;  // the hand that came back, until this form's copy of it is kept
  if (asked) {
    Outbox.get(asked).then(function (entry) {
      if (!entry || entry.state !== "returned") return;
      var values = {};
      entry.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
      ["csrf_token", "version", "form_token", "number"].forEach(function (name) { delete values[name]; });
      apply(values);
      var note = el("div", "flash error outbox-back");
      note.setAttribute("role", "alert");
      var why = entry.behind ? fill(fw.behind, { number: entry.behind }) : entry.reason;
      note.appendChild(el("p", "", fill(fw.back, { number: entry.number, reason: why })));
      if (entry.errors && entry.errors.length) {
        var list = el("ul", "errors");
        entry.errors.forEach(function (message) { list.appendChild(el("li", "", message)); });
        note.appendChild(list);
      }
      form.parentNode.insertBefore(note, form);
      form.dispatchEvent(new Event("input", { bubbles: true }));
      form.dispatchEvent(new Event("preview"));
      // It stays in the outbox (the sheet offers the choice again) until this form's hand is
      // safe there in its place: leaving the form without saving loses nothing.
      replacing = entry.id;
      addEventListener("pagehide", function () {
        try { localStorage.removeItem("draft:" + form.dataset.draft); } catch (e) { /* none kept */ }
      });
    }).catch(function () { /* nothing came back */ });
  } else if (form.dataset.outboxForm === "record") {
    /* A new hand's form, opened while a hand of this game waits: it goes first, and the form
       is read again for the number after it. */
    Outbox.all().then(function (entries) {
      var waiting = entries.some(function (e) { return e.game === form.dataset.drafts && e.state === "waiting"; });
      if (!waiting) return;
      return kit.send().then(function (changed) {
        if (changed.some(function (e) { return e.state === "sent" && e.game === form.dataset.drafts; })) {
          window.location.reload();
        }
      });
    }).catch(function () {});
  }
};
