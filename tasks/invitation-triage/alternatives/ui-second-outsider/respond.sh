#!/usr/bin/env bash
# Through the calendar's pages only: the Invitations page lists the unanswered ones; the
# Conflicts page pairs Alice's overlapping busy events. Decline a pending invitation that
# overlaps an event she already has (not another pending one), accept the rest.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL = int(os.environ.get("CAL_PORT", "5006"))


def url(path: str = "") -> str:
    return local_url(CAL, path)


with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(), "alice", "alice-pass")
    page.goto(url("/invitations"))
    page.get_by_role("combobox", name="Show").select_option(label="Not answered")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    rows = page.get_by_role("row").filter(has=page.get_by_role("button", name=re.compile("^Accept: ")))
    pending = []
    for i in range(rows.count()):
        cells = rows.nth(i).get_by_role("cell")
        pending.append(cells.nth(1).inner_text().strip())
    print("pending:", pending)
    page.goto(url("/conflicts"))
    page.get_by_role("spinbutton", name=re.compile("^Days")).fill("31")
    page.get_by_role("button", name="Show conflicts").click()
    page.wait_for_load_state()
    clashing = set()
    for row in page.locator("main").get_by_role("row").all():
        cells = [c.inner_text().strip() for c in row.get_by_role("cell").all()]
        if len(cells) < 2:
            continue
        a, b = cells[0], cells[1]
        print("conflict:", cells)
        if a in pending and b not in pending:
            clashing.add(a)
        if b in pending and a not in pending:
            clashing.add(b)
    page.goto(url("/invitations"))
    page.get_by_role("combobox", name="Show").select_option(label="Not answered")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    for title in pending:
        answer = "Decline" if title in clashing else "Accept"
        button = page.get_by_role("button", name=re.compile("^" + re.escape(f"{answer}: {title},")))
        print(answer, title)
        button.first.click()
        page.wait_for_load_state()
        dialog = page.get_by_role("dialog")
        if dialog.count() and dialog.first.is_visible():
            print("dialog:", dialog.first.inner_text())
    page.goto(url("/invitations"))
    print(main_text(page)[:1500])
PY
