#!/usr/bin/env bash
# Through the calendar's pages only: the Schedule view walked week by week (January to June);
# rows of a day with the same time, title and place are one event imported more than once
# (the page also marks them "n of N alike"); the first is kept and each other copy removed from
# its own page ("Delete event…", or "Cancel event for everyone…" when it has guests) through its
# dialog. Repeating events and events that only share a title are left alone.
set -euo pipefail
python3 - <<'PY'
import os
import re
from datetime import date, timedelta

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL = int(os.environ.get("CAL_PORT", "5006"))


def url(path: str = "") -> str:
    return local_url(CAL, path)


with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(), "alice", "alice-pass")
    groups: dict[tuple[str, str, str, str], list[str]] = {}
    week = date(2026, 1, 5)
    while week <= date(2026, 6, 29):
        page.goto(url(f"/schedule?week={week.isoformat()}"))
        main = page.locator("main")
        for heading in main.get_by_role("heading", level=3).all():
            day = heading.get_by_role("link").first.inner_text().strip()
            table = heading.locator("xpath=following-sibling::*[1]")
            if table.evaluate("e => e.tagName") != "TABLE":
                continue
            for row in table.get_by_role("row").all():
                cells = row.get_by_role("cell").all()
                if len(cells) < 2:
                    continue
                link = cells[1].get_by_role("link")
                if not link.count():
                    continue
                href = link.first.get_attribute("href") or ""
                if "#occurrence" in href:
                    continue  # a repeating event's occurrence
                title = re.sub(r"\s*\(\d+ of \d+ alike\)$", "", link.first.inner_text().strip())
                place = cells[2].inner_text().strip() if len(cells) > 2 else ""
                key = (day, cells[0].inner_text().strip(), title, place)
                if href not in groups.setdefault(key, []):
                    groups[key].append(href)
        week += timedelta(days=7)
    for key, hrefs in groups.items():
        if len(hrefs) < 2:
            continue
        print("copies of", key, hrefs)
        for href in hrefs[1:]:
            page.goto(url(href))
            text = main_text(page)
            assert "alike" in text, text[:300]
            button = page.locator("main").get_by_role("button", name=re.compile(r"^(Delete event|Cancel event for everyone)"))
            button.first.click()
            dialog = page.get_by_role("dialog")
            dialog.first.wait_for(state="visible")
            print("  dialog:", dialog.first.inner_text().replace("\n", " ")[:200])
            buttons = dialog.first.get_by_role("button").all()
            go = [b for b in buttons if not re.match(r"(?i)(don't|do not|keep|cancel$|close|no\b)", b.inner_text().strip())]
            go[0].click()
            page.wait_for_load_state()
            print("  ->", main_text(page)[:150].replace("\n", " "))
PY
