#!/bin/bash
# alternative (web pages, Playwright): only the shop's pages: opens each order's details from "Your orders", reads its items (SKU and quantity) and placed time, takes an order as a repeat when the same items and quantities were placed within five minutes before it, and cancels each repeat from its own page through the confirmation dialog, giving a reason.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

SHOP = 1234
with chromium() as browser:
    page = page_in(browser, "Europe/Paris")
    log_in(page, local_url(SHOP), "alice", "alice-pass")
    page.goto(local_url(SHOP, "/orders"))
    codes = []
    for link in page.locator("main a", has_text="View order details").all():
        codes.append(link.get_attribute("href").rsplit("/", 1)[1])
    orders = []
    for code in codes:
        page.goto(local_url(SHOP, f"/orders/{code}"))
        placed = datetime.fromisoformat(page.locator("#placed").get_attribute("datetime").replace("Z", "+00:00"))
        items = tuple(sorted(re.findall(r"\t([A-Z]{3}-\d+)\t\$[\d,.]+\t(\d+)\t", main_text(page))))
        status = re.search(r"Status: ([A-Za-z ]+?) ·", main_text(page)).group(1)
        orders.append((placed, code, items, status))
        print(code, placed, items, status)
    if not orders:
        raise SystemExit("no orders found on the orders page")
    orders.sort()
    repeats = [o for i, o in enumerate(orders)
               if any(p[2] == o[2] and timedelta(0) <= o[0] - p[0] <= timedelta(minutes=5)
                      for p in orders[:i])]
    for placed, code, items, status in repeats:
        page.goto(local_url(SHOP, f"/orders/{code}"))
        page.locator("main button", has_text="Cancel order…").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Reason (optional)").fill("Placed twice by mistake")
        dialog.get_by_role("button", name="Yes, cancel order").click()
        page.wait_for_load_state()
        print("cancelled?", code, re.search(r"Status: [^\n]+", main_text(page)).group(0))
PY
