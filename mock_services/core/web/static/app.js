// The web UIs' client-side behaviour, served by every service (/static/core/app.js) and vendored
// here: no CDN, no build step. Pages render on the server and work without it; it adds what
// the sites they copy do in the browser.
"use strict";

// The first words of a text, at most `length` characters on one line, cut at the end of a word
// with an ellipsis ("the invitation moves…", never "the invitation move").
function opening(text, length) {
  const flat = text.split(/\s+/).filter(Boolean).join(" ");
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.(-]+$/, "") + "\u2026";
}

// Notices after an action can be dismissed, as a site's toasts can.
function dismissibleNotices() {
  for (const notice of document.querySelectorAll(".flash[data-dismissible]")) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "dismiss";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", "Dismiss notice: " + opening(notice.textContent, 60));
    close.addEventListener("click", () => notice.remove());
    notice.append(close);
  }
}

// A button that toggles state (Like, Star, Follow) shows its new state as soon as it is pressed,
// while the page posts the form: data-optimistic holds the label it will have.
function optimisticButtons() {
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (button && button.dataset.optimistic) {
      button.textContent = button.dataset.optimistic;
      button.setAttribute("aria-busy", "true");
    }
  });
}

// A text box with a length limit counts what is left, as compose boxes do.
function characterCounters() {
  for (const box of document.querySelectorAll("textarea[maxlength][data-counter]")) {
    const counter = document.createElement("small");
    counter.className = "counter";
    counter.setAttribute("aria-live", "polite");
    const update = () => {
      counter.textContent = `${box.maxLength - box.value.length} characters left`;
    };
    box.addEventListener("input", update);
    box.after(counter);
    update();
  }
}

// The server checks every form and answers a refused one with the page again, the input kept and
// each message next to its field. The browser's own check (required, min, max, pattern) would
// stop the submit with a bubble that is not in the page, so a reader of the page (a screen
// reader's user, a browsing agent) sees nothing happen: the server is the one that refuses.
// The attributes stay, as they still describe the field.
function serverValidatedForms() {
  for (const form of document.forms) {
    form.noValidate = true;
  }
}

// Payment terms set a due date from a start date, as an invoice's Net 30 does: a select with
// data-due-from (the start date field's id) and data-due-field (the due date's) whose options
// are days. Typing a due date of one's own makes the terms custom (the blank option).
function termsSetDueDates() {
  for (const terms of document.querySelectorAll("select[data-due-from][data-due-field]")) {
    const start = document.getElementById(terms.dataset.dueFrom);
    const due = document.getElementById(terms.dataset.dueField);
    if (!start || !due) continue;
    const update = () => {
      if (terms.value === "" || !start.value) return;
      const day = new Date(start.value + "T00:00:00Z");
      if (Number.isNaN(day.getTime())) return;
      day.setUTCDate(day.getUTCDate() + Number(terms.value));
      due.value = day.toISOString().slice(0, 10);
    };
    terms.addEventListener("change", update);
    start.addEventListener("change", update);
    due.addEventListener("input", () => {
      terms.value = "";
    });
  }
}

document.addEventListener("DOMContentLoaded", () => {
  termsSetDueDates();
  serverValidatedForms();
  dismissibleNotices();
  optimisticButtons();
  characterCounters();
});
