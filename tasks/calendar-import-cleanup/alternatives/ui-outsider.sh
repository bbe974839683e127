#!/usr/bin/env bash
# Through the web pages only: walk the schedule week by week; where events are marked as
# identical copies ("2 of 3 alike"), keep the first and delete the others from their own pages,
# through the delete (or, with guests, cancel) dialog.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL = local_url(5006)
COPY = re.compile(r"\((\d+) of (\d+) alike\)")

with chromium() as browser:
    page = page_in(browser, "Europe/Paris")
    log_in(page, CAL, "alice", "alice-pass")
    page.get_by_role("link", name="Schedule").click()
    page.wait_for_load_state()
    extra = []
    for _week in range(8):
        print("==", page.url)
        for link in page.get_by_role("link", name=COPY).all():
            name = link.inner_text().strip()
            which = COPY.search(name)
            print("  ", name, link.get_attribute("href"))
            if which[1] != "1":
                extra.append((name, link.get_attribute("href")))
        page.get_by_role("link", name="Next week").click()
        page.wait_for_load_state()
    for name, href in extra:
        page.goto(CAL + href)
        heading = page.get_by_role("heading", level=1).inner_text()
        print("delete", heading, href)
        page.get_by_role("button", name=re.compile(r"^(Delete|Cancel) event.*…$")).click()
        dialog = page.locator("dialog[open]")
        print("  ", dialog.inner_text().replace("\n", " | "))
        dialog.get_by_role("button", name=re.compile(r"^(?!Don't)")).click()
        page.wait_for_load_state()
        print("  ", main_text(page)[:200].replace("\n", " | "))
PY
