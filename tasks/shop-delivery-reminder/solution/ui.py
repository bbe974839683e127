"""The task through the web UIs only (``invoke oracle --ui``): find the shipped desk order in the
shop, read its shipping mail in the webmail for the estimated delivery day, and add an all-day
reminder that day with the calendar's New event form."""

import re
from datetime import datetime

from mock_services.browser import browser_page, log_in

SHOP, MAIL, CAL = "http://127.0.0.1:1234", "http://127.0.0.1:5001", "http://127.0.0.1:5006"


def shipped_desk_order(page) -> str:
    """The code of the shipped order whose items include a desk, read from the order pages."""
    page.goto(f"{SHOP}/orders")
    page.get_by_label("Status").select_option("shipped")
    page.get_by_role("button", name="Show orders").click()
    page.wait_for_load_state()
    codes = page.locator("#orders a.order-code").all_inner_texts()
    desks = []
    for code in codes:
        page.get_by_role("link", name=code, exact=True).click()
        said = page.locator("main").inner_text()
        assert "Status: Shipped" in said, f"{code} is not shown as shipped"
        if "desk" in page.locator("main table").first.inner_text().lower():
            desks.append(code)
        page.go_back()
    assert len(desks) == 1, f"expected one shipped desk order, read {desks}"
    return desks[0]


def delivery_day(page, code: str) -> str:
    """The estimated delivery day (ISO) that the order's shipping mail gives."""
    page.goto(MAIL)
    search = page.get_by_role("searchbox", name="Search mail")
    search.fill(code)
    search.press("Enter")
    page.wait_for_load_state()
    page.get_by_role("link", name=f"Your order {code} has shipped").click()
    said = page.locator("main").inner_text()
    found = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", said)
    # the mail gives day and month only; its header the year only when not this year's
    sent = re.search(r"· \w{3} \d+ \w{3}(?: (\d{4}))? \d\d:\d\d", said)
    assert found and sent, f"no estimated delivery in the shipping mail of {code}"
    year = sent.group(1) or page.locator("#today").get_attribute("datetime")[:4]
    day, month = found.groups()
    return datetime.strptime(f"{day} {month} {year}", "%d %B %Y").date().isoformat()


def add_all_day_event(page, title: str, day: str) -> None:
    page.goto(f"{CAL}/events/new")
    page.get_by_label("Title").fill(title)
    page.get_by_label("Date").fill(day)
    page.get_by_label("All day").check()
    page.get_by_label("Last day, for an all-day event of several days").fill(day)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    assert re.search(r"/events/\d+$", page.url), f"the event was not created: {page.url}"
    assert title in page.locator("main").inner_text()


with browser_page() as page:
    for service in (SHOP, MAIL, CAL):
        log_in(page, service, "alice", "alice-pass")
    code = shipped_desk_order(page)
    day = delivery_day(page, code)
    add_all_day_event(page, f"Desk delivery {code}: stay home", day)
    print("reminder on", day, "for", code)
