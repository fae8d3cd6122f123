/* The share page: a Copy button beside each link. Without JavaScript the buttons stay hidden
   and the links can still be selected by hand. */
"use strict";

(function () {
  function copied(button, words) {
    var before = button.textContent;
    button.textContent = words;
    setTimeout(function () { button.textContent = before; }, 2000);
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.dataset.copy);
    if (!field) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      // The clipboard API needs a secure page; on a table's Wi-Fi (plain http) the older
      // command still copies the selected text.
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(function () {
          copied(button, button.dataset.copied);
        });
        return;
      }
      field.select();
      if (document.execCommand("copy")) copied(button, button.dataset.copied);
    });
  });
})();

/* Links made without a trusted server address are paths (/join/…): complete them with the
   address this browser shows, and draw their QR codes from it. */
(function () {
  document.querySelectorAll("input[readonly]").forEach(function (field) {
    if (field.value.charAt(0) === "/") field.value = location.origin + field.value;
  });
  document.querySelectorAll("img.qr-later[data-qr-path]").forEach(function (image) {
    image.src = "/qr.svg?url=" + encodeURIComponent(location.origin + image.dataset.qrPath);
    image.hidden = false;
  });
})();
