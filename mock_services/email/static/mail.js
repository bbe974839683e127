// The webmail's behaviour in the browser, as Gmail's: an unread message marked read once it is
// opened, the toolbar's select-all box, and the Compose window over the list. The pages work
// without it: a message has its "Mark as read" button, each row its own box, and the Compose
// link opens the full compose page.
"use strict";

// An unread message, once opened, is marked read by the page's own "Mark as read" form (the
// API's update_flags, as the button does); the button offers "Mark as unread" at once, as the
// message now is, and goes back to "Mark as read" if the request fails.
function markReadOnOpen() {
  const form = document.querySelector("form[data-read-on-open]");
  if (!form) {
    return;
  }
  const body = new URLSearchParams(new FormData(form));
  const action = form.querySelector('input[name="action"]');
  const button = form.querySelector("button");
  const show = (next, label) => {
    action.value = next;
    button.textContent = label;
  };
  form.removeAttribute("data-read-on-open");
  show("unread", "Mark as unread");
  // (form.action would be its field named "action")
  fetch(form.getAttribute("action"), {method: "POST", body, redirect: "manual", keepalive: true, credentials: "same-origin"})
    .catch(() => show("read", "Mark as read")); // not sent: the message is still unread
}

document.addEventListener("DOMContentLoaded", () => {
  markReadOnOpen();
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
