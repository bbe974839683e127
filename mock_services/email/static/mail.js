// The mailbox's behaviour in the browser, as Gmail's: the toolbar's select-all box, and the
// Compose window over the list. The page works without it: each row has its own box, and the
// Compose link opens the full compose page.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const all = document.getElementById("select-all");
  const boxes = [...document.querySelectorAll('#messages input[name="ids"]')];
  if (all && boxes.length) {
    all.hidden = false;
    const sync = () => {
      const ticked = boxes.filter((box) => box.checked).length;
      all.checked = ticked === boxes.length;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
    };
    all.addEventListener("change", () => {
      for (const box of boxes) {
        box.checked = all.checked;
      }
      sync();
    });
    for (const box of boxes) {
      box.addEventListener("change", sync);
    }
    sync();
  }

  const dialog = document.getElementById("compose-dialog");
  const opener = document.getElementById("compose-link");
  if (!dialog || !opener || typeof dialog.showModal !== "function") {
    return;
  }
  opener.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    dialog.showModal();
    dialog.querySelector("#to").focus();
  });
  dialog.querySelector("#compose-close").addEventListener("click", () => dialog.close());
  if (dialog.dataset.refused) {
    dialog.showModal(); // the message was refused: show it again with what was wrong
  }
});
