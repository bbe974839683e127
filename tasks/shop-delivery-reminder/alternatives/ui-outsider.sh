#!/usr/bin/env bash
# Through the web pages only: the shop's Orders page names the desk's order and that it shipped;
# its shipping mail (opened from the inbox, as a person does) gives the estimated delivery day;
# the calendar's "New event" form adds one all-day event that day, titled with the order number.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

S, E, C = url(1234), url(5001), url(5006)
with chromium() as browser:
    page = page_in(browser, "Europe/Paris")
    log_in(page, S, "alice", "alice-pass")
    page.goto(S + "/orders")
    orders = main_text(page)
    desk = re.search(r"ORDER #\n(ORD-\d+)\nShipped[^\n]*\n[^\n]*Standing Desk", orders)
    order = desk[1]
    print("desk order", order)

    log_in(page, E, "alice", "alice-pass")
    page.goto(E + "/?folder=inbox")
    page.get_by_role("link", name=f"Your order {order} has shipped").first.click()
    page.wait_for_load_state()
    mail = main_text(page)
    print(mail[mail.find("Your order") :][:600])
    day = re.search(r"Estimated delivery: \w+day (\d+) (\w+)", mail)
    months = {"January": 1, "February": 2, "March": 3, "April": 4, "May": 5, "June": 6}
    date = f"2026-{months[day[2]]:02d}-{int(day[1]):02d}"

    log_in(page, C, "alice", "alice-pass")
    page.goto(C + "/events/new")
    page.get_by_label("Title").fill(f"Work from home: standing desk delivery, order {order}")
    page.get_by_label("Date", exact=True).fill(date)
    page.get_by_label("All day", exact=True).check()
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    print(main_text(page)[:600])
PY
