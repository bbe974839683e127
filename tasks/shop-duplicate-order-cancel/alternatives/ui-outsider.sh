#!/usr/bin/env bash
# Through the pages only: "Your orders" lists each order's time, code and items; orders with the
# very same items and quantities placed within a few minutes of each other are one order
# submitted again: every one after the first (by time, then number) is cancelled with its
# "Cancel order …" button and the dialog's "Yes, cancel order …".
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    page = page_in(browser, "Europe/Paris")
    log_in(page, url(1234), "alice", "alice-pass")
    page.goto(url(1234, "/orders"))
    text = main_text(page)
    orders = []
    for card in text.split("ORDER PLACED")[1:]:
        placed = re.search(r"^\s*(\w{3} \d+ \w{3}(?: \d{4})? \d\d:\d\d)", card)[1]
        code = re.search(r"ORD-\d+", card)[0]
        status = card.split(code, 1)[1].strip().splitlines()[0]
        items = tuple(sorted(re.findall(r"^(.+?) × (\d+)", card, re.M)))
        when = datetime.strptime(placed if re.search(r"\d{4}", placed) else placed[:-6] + " 2026" + placed[-6:], "%a %d %b %Y %H:%M")
        orders.append((when, int(code[4:]), code, items, status))
        print(code, placed, items, status)
    orders.sort()
    repeats = []
    for i, (when, _, code, items, status) in enumerate(orders):
        for before in orders[:i]:
            if before[3] == items and 0 <= (when - before[0]).total_seconds() <= 5 * 60:
                repeats.append(code)
                break
    print("repeats:", repeats)
    for code in repeats:
        page.goto(url(1234, "/orders"))
        page.get_by_role("button", name=f"Cancel order {code}…").click()
        page.get_by_role("dialog").get_by_role("button", name=f"Yes, cancel order {code}").click()
        page.wait_for_load_state()
        alert = page.get_by_role("alert")
        print(code, "->", alert.first.inner_text() if alert.count() else main_text(page)[:200])
PY
