// The week grid's event popover, as Google Calendar shows one: a click on an event opens a
// small dialog with its time, place, calendar and state, and a link to its page. The page
// works without it (each event is a link to its page); a click with a modifier key still opens
// the page, in a new tab as the browser does.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // Open the hours at the working day (or the earliest event), inside the grid's own scroll.
  const scroller = document.querySelector(".week-scroll");
  const start = document.getElementById("week-start");
  if (scroller && start) {
    scroller.scrollTop = start.offsetTop;
    if (location.hash === "#week-start") {
      window.scrollTo(0, 0); // the anchor is for the hours, not the page
    }
  }
  const dialog = document.getElementById("event-popover");
  if (!dialog || typeof dialog.showModal !== "function") {
    return;
  }
  const field = (name) => dialog.querySelector(`[data-field="${name}"]`);
  dialog.querySelector("#popover-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      dialog.close(); // a click on the backdrop
    }
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest(".week-grid a.block, .week-grid a.chip");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    const data = link.dataset;
    dialog.querySelector("#popover-title .text").textContent = data.title;
    dialog.querySelector("#popover-title .swatch").style.background =
      link.style.getPropertyValue("--c");
    field("when").textContent = data.when;
    field("where").textContent = data.where || "No place given";
    field("calendar").textContent = data.calendar;
    field("states").textContent = data.states || "Confirmed";
    field("answer").textContent = data.answer; // yours, where you are a guest
    for (const row of dialog.querySelectorAll(".answer")) {
      row.hidden = !data.answer;
    }
    const open = dialog.querySelector("#popover-open");
    open.href = link.getAttribute("href");
    open.setAttribute("aria-label", `Open event details: ${data.title}`);
    dialog.showModal();
  });
});
