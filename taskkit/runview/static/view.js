// The results viewer's table behaviour: sort by a column, filter rows by text or by a
// column's value. Vendored; the pages are complete without it.
"use strict";

function sortable(table) {
  const headers = table.querySelectorAll("thead th");
  headers.forEach((th, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    button.setAttribute("aria-label", "Sort by " + th.textContent);
    th.textContent = "";
    th.append(button);
    let ascending = true;
    button.addEventListener("click", () => {
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      const value = (row) => {
        const cell = row.cells[index];
        const raw = cell ? cell.dataset.sort ?? cell.textContent.trim() : "";
        const number = Number(raw);
        return raw !== "" && !Number.isNaN(number) ? number : raw.toLowerCase();
      };
      rows.sort((a, b) => {
        const x = value(a), y = value(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
      ascending = !ascending;
      headers.forEach((h) => h.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "descending" : "ascending");
      body.append(...rows);
    });
  });
}

function filtered(table) {
  const form = document.querySelector(`[data-filters="${table.id}"]`);
  if (!form) return;
  const apply = () => {
    const text = form.querySelector("[name=q]").value.trim().toLowerCase();
    const outcome = form.querySelector("[name=outcome]").value;
    let shown = 0;
    for (const row of table.tBodies[0].rows) {
      const matches = outcome === "unexpected" ? row.hasAttribute("data-unexpected")
        : !outcome || row.dataset.outcome === outcome;
      const visible = (!text || row.textContent.toLowerCase().includes(text)) && matches;
      row.hidden = !visible;
      shown += visible ? 1 : 0;
    }
    form.querySelector("output").textContent = `${shown} shown`;
  };
  form.addEventListener("input", apply);
  form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
  apply();
}

for (const table of document.querySelectorAll("table[data-sortable]")) {
  sortable(table);
  filtered(table);
}

// A link to a call (from a checkpoint, or the comparison) opens it where it lands.
function openTarget() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (target instanceof HTMLDetailsElement && !target.open) {
    target.open = true;
    target.scrollIntoView();
  }
}
window.addEventListener("hashchange", openTarget);
openTarget();
