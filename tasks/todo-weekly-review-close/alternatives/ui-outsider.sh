#!/usr/bin/env bash
# Through the pages only: the notes tagged #review, the latest "Weekly review" opened and its
# "Done this week" read; each item done is matched by reading to its open task, completed with
# that task's "Complete <title>" button on the All tasks page.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

# what the latest review's "Done this week" says -> the task it closes, as read on the pages
DONE = {
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}

with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, url(5002), "alice", "alice-pass")
    page.goto(url(5002, "/notes?tag=review"))
    reviews = page.get_by_role("link", name=re.compile(r"^Weekly review \d+"))
    names = reviews.all_inner_texts()
    latest = max(names, key=lambda n: int(re.search(r"\d+", n)[0]))
    print("reviews:", names, "latest:", latest)
    page.get_by_role("link", name=latest, exact=True).click()
    page.wait_for_load_state()
    note = main_text(page)
    print(note)
    done_part = note[note.find("Done this week") : note.find("Still open")]
    items = [line.strip("- ").strip() for line in done_part.splitlines()[1:] if line.strip().startswith("-")]
    print("done items:", items)

    page.goto(url(5002, "/"))
    page.get_by_role("link", name="All tasks").click()
    page.wait_for_load_state()
    for item in items:
        key = next(k for k in DONE if item.startswith(k))
        title = DONE[key]
        button = page.get_by_role("button", name=f"Complete {title}", exact=True)
        if not button.count():
            print("already done or not open:", title)
            continue
        button.click()
        page.wait_for_load_state()
        notice = page.locator("[role=status], .notice, .flash").first
        print("completed:", title, "|", notice.inner_text() if notice.count() else "")
PY
