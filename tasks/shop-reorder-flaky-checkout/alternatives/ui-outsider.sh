#!/usr/bin/env bash
# Through the web pages only: the Orders page shows what was bought last month (the #4 filters,
# x3); the product's "Buy now" orders that item alone, leaving the cart as it is; Office address
# and Mastercard picked in its checkout; when the shop answers that it is busy or unavailable,
# the Orders page is checked for an order made meanwhile, and the order placed again after the
# wait the page asks for.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url as url, log_in, main_text, outage_wait, page_in

S = url(1234)
with chromium() as browser:
    page = page_in(browser, "Europe/Paris")
    log_in(page, S, "alice", "alice-pass")
    page.goto(S + "/orders")
    orders = main_text(page)
    print(orders[:1500])
    before = re.findall(r"ORDER #\n(ORD-\d+)", orders)
    # the order placed in February (last month): its filters line, "× N"
    last = orders[orders.find("Feb") :]
    line = re.search(r"(Paper Coffee Filters[^\n]*?) × (\d+)", last)
    name, qty = line[1], line[2]
    print("reorder", name, qty)
    page.get_by_role("link", name=name, exact=True).first.click()
    page.wait_for_load_state()
    product = page.url

    def checkout():
        page.goto(product)
        page.get_by_label("Quantity").fill(qty)
        page.get_by_role("button", name="Buy now").click()
        page.wait_for_load_state()
        wait = outage_wait(page)
        if wait is not None:
            return wait
        ship = [o for o in page.get_by_label("Ship to").locator("option").all_inner_texts() if o.startswith("Office")][0]
        page.get_by_label("Ship to").select_option(label=ship)
        pay = [o for o in page.get_by_label("Pay with").locator("option").all_inner_texts() if o.startswith("Mastercard")][0]
        page.get_by_label("Pay with").select_option(label=pay)
        page.get_by_role("button", name="Place order").click()
        page.wait_for_load_state()
        return outage_wait(page)

    for attempt in range(8):
        wait = checkout()
        print("attempt", attempt, "wait", wait, page.url)
        print(main_text(page)[:500])
        if wait is None:
            break
        time.sleep(wait)
        page.goto(S + "/orders")
        now = re.findall(r"ORDER #\n(ORD-\d+)", main_text(page))
        if set(now) - set(before):
            print("an order was made meanwhile:", set(now) - set(before))
            break
    page.goto(S + "/orders")
    print(main_text(page)[:800])
    page.goto(S + "/cart")
    print(main_text(page)[:400])
PY
