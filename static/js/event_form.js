// The new-event form: shows the ticked group's players only, and unticks the others' so the
// server never sees players of a group that is not chosen.
(() => {
  const select = document.querySelector("select[data-picks]");
  if (!select) return;
  const show = () => {
    for (const set of document.querySelectorAll("fieldset.picks")) {
      const mine = set.dataset.group === select.value;
      set.hidden = !mine;
      if (!mine) for (const box of set.querySelectorAll("input[type=checkbox]")) box.checked = false;
    }
  };
  select.addEventListener("change", show);
  show();
})();
