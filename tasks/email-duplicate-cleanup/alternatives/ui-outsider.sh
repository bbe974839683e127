#!/usr/bin/env bash
# Through the webmail's pages only: in the inbox, the rows of a mail delivered more than once
# read "(2 of 3 alike)"; tick every copy after the first of each and press Delete (to trash).
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(5001), "alice", "alice-pass")
    page.goto(url(5001, "/?folder=inbox"))
    boxes = page.get_by_role("checkbox", name=re.compile(r"^Select .*\((\d+) of (\d+) alike\)$"))
    ticked = []
    for i in range(boxes.count()):
        box = boxes.nth(i)
        name = box.get_attribute("aria-label") or box.evaluate(
            "b => b.labels.length ? b.labels[0].innerText : ''"
        )
        which = re.search(r"\((\d+) of (\d+) alike\)", name)
        if which and int(which[1]) > 1:
            box.check()
            ticked.append(name)
    print("ticked", ticked)
    if ticked:
        page.get_by_role("button", name="Delete", exact=True).click()
        page.wait_for_load_state()
        dialog = page.get_by_role("dialog")
        if dialog.count() and dialog.first.is_visible():
            print("dialog:", dialog.first.inner_text())
            dialog.first.get_by_role("button").first.click()
            page.wait_for_load_state()
    print(main_text(page)[:1500])
PY
