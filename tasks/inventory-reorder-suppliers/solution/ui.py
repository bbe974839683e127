"""The task through the web UIs only (``invoke oracle --ui``): receive Ridgeline's part delivery
on its order's page, raise and send one order per own supplier of the low-stock items from the
new-order form, and answer Ridgeline's delivery note from the webmail's reply form."""

import re
from collections import defaultdict
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.browser import browser_page, log_in

INVENTORY, MAIL = "http://127.0.0.1:5120", "http://127.0.0.1:5001"
WAREHOUSE_ZONE = ZoneInfo("America/New_York")  # the East Coast DC's days, as the app shows them


def open_mail(page, subject: str) -> str:
    page.goto(MAIL)
    page.get_by_role("link", name=subject, exact=True).click()
    page.wait_for_load_state()
    return page.locator("main").inner_text()


def read_delivery(page) -> tuple[str, date, int]:
    """The order the delivery note is for, the day it came (today), and the stoves Bob counted
    on the dock."""
    note = open_mail(page, "Delivery note PO-1004 (part delivery)")
    order = re.search(r"carries part of (PO-\d+): \d+ Compact Camp Stoves \(STV-CMP\)", note)
    assert order, "the delivery note does not say what came"
    # the mail's time, in the zone of the header's "Today" (the warehouse's), named
    # (its year only when not this year's: the year of the header's "Today")
    sent = re.search(r"· \w{3} (\d{1,2} \w{3})(?: (\d{4}))? (\d{2}:\d{2}) (\w+) ·", note)
    assert sent, "the delivery note shows no date"
    year = sent.group(2) or page.locator("#today").get_attribute("datetime")[:4]
    when = datetime.strptime(f"{sent.group(1)} {year} {sent.group(3)}", "%d %b %Y %H:%M")
    when = when.replace(tzinfo=WAREHOUSE_ZONE)
    assert when.tzname() == sent.group(4), (
        f"the note's time is not in the warehouse's zone: {sent[0]}"
    )
    dock = open_mail(page, "Ridgeline delivery on the dock")
    for said in ("receiving dock (EAST-RCV)", "No kettles"):
        assert said in dock, f"Bob's mail does not say {said!r}"
    counted = re.search(r"I counted (\d+) stoves, all fine", dock)
    assert counted, "Bob's mail gives no count"
    return order.group(1), when.astimezone(WAREHOUSE_ZONE).date(), int(counted.group(1))


def open_order(page, code: str) -> None:
    page.goto(f"{INVENTORY}/purchase-orders")
    page.get_by_role("link", name=code, exact=True).click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=re.compile(rf"^{code}:")).count(), f"{code} not open"


def order_lines(page) -> dict[str, dict[str, str]]:
    """The open order's lines by SKU: product, received and outstanding units."""
    lines = {}
    for row in page.locator("main table tbody tr").all():
        sku, product, _ordered, received, outstanding, _cost = row.locator("td").all_inner_texts()
        lines[sku] = {"product": product, "received": received, "outstanding": outstanding}
    return lines


def current_status(page) -> str:
    """The step the order's status bar marks as current."""
    return page.locator("[aria-current=step]").first.inner_text().split("(")[0].strip()


def receive_stoves(page, code: str, stoves: int) -> None:
    """Receive the stoves onto the dock; the kettle line stays blank (none came)."""
    open_order(page, code)
    page.get_by_label("Receive into bin", exact=True).select_option("EAST-RCV")
    page.get_by_label("Units of STV-CMP received (blank: none)", exact=True).fill(str(stoves))
    page.get_by_role("button", name="Receive into stock").click()
    page.wait_for_load_state()
    assert current_status(page) == "Partly received", f"{code} not received"


def table_rows(page, path: str) -> list[list[str]]:
    page.goto(f"{INVENTORY}{path}")
    rows = page.locator("main table").first.locator("tbody tr").all()
    return [row.locator("td").all_inner_texts() for row in rows]


def orders_needed(page) -> dict[str, list[tuple[str, int]]]:
    """Per own supplier, the low items short of reorder point plus reorder quantity, counting
    what is available in both warehouses and what is on order."""
    needed = defaultdict(list)
    for sku, _name, supplier, _on_hand, _held, available, point, on_order in table_rows(
        page, "/low-stock"
    ):
        reorder = re.fullmatch(r"(\d+) \(reorder (\d+)\)", point)
        assert reorder, f"{sku}: reorder point shown as {point!r}"
        short = int(reorder.group(1)) + int(reorder.group(2))
        short -= int(available.split()[0]) + int(on_order)
        if short > 0:
            needed[supplier].append((sku, short))
    return needed


def lead_times(page) -> dict[str, int]:
    days = {}
    for supplier, *_contact, lead_time, _products, _details in table_rows(page, "/suppliers"):
        found = re.fullmatch(r"(\d+) days?", lead_time)
        assert found, f"{supplier}: lead time shown as {lead_time!r}"
        days[supplier] = int(found.group(1))
    return days


def raise_and_send(page, supplier: str, lines: list[tuple[str, int]], due: date) -> str:
    """Draft the order with the new-order form (blank unit cost: the usual one) and send it."""
    page.goto(f"{INVENTORY}/purchase-orders")
    page.get_by_label("Supplier", exact=True).select_option(supplier)
    page.get_by_label("Deliver to warehouse", exact=True).select_option("EAST")
    page.get_by_label("Expected delivery date", exact=True).fill(due.isoformat())
    for n, (sku, quantity) in enumerate(lines, start=1):
        page.get_by_label(f"Line {n} SKU", exact=True).select_option(sku)
        page.get_by_label(f"Line {n} quantity", exact=True).fill(str(quantity))
    page.get_by_role("button", name="Draft purchase order").click()
    page.wait_for_load_state()
    heading = page.get_by_role("heading", name=re.compile(rf"^PO-\d+: {supplier}$"))
    assert heading.count(), f"no order drafted for {supplier}"
    code = heading.inner_text().split(":")[0]
    page.get_by_role("button", name="Send to supplier").click()
    page.wait_for_load_state()
    assert current_status(page) == "Sent", f"{code} not sent"
    return code


def answer_ridgeline(page, code: str, lines: dict[str, dict[str, str]]) -> None:
    """Reply to the delivery note: what came, what is still outstanding, when the rest comes."""
    owed = [
        f"{line['outstanding']} x {line['product']} ({sku})"
        for sku, line in lines.items()
        if line["outstanding"] != "0"
    ]
    body = (
        "Dear Tom,\n\n"
        f"Thank you for today's part delivery on {code}: we have received "
        f"{lines['STV-CMP']['received']} Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\n"
        f"Still outstanding on {code}: {' and '.join(owed)}. "
        "Could you let me know when you expect to deliver the rest?\n\n"
        "Best regards,\nAlice Martin"
    )
    open_mail(page, f"Delivery note {code} (part delivery)")
    page.get_by_role("link", name="Reply", exact=True).click()
    page.wait_for_load_state()
    assert page.get_by_label("To (comma separated)").input_value() == "sales@ridgeline-cook.example"
    page.get_by_label("Message", exact=True).fill(body)
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "/compose" not in page.url, "the reply was not sent"


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, INVENTORY, "alice", "alice-pass")
    code, today, stoves = read_delivery(page)
    assert stoves == 12, f"Bob counted {stoves} stoves"
    receive_stoves(page, code, stoves)
    days = lead_times(page)
    needed = orders_needed(page)
    assert set(needed) == {"Alpine Fuel Co.", "Summit Outdoor Supply"}, f"orders for {needed}"
    for supplier, lines in needed.items():
        due = today + timedelta(days=days[supplier])
        print("sent", raise_and_send(page, supplier, lines, due), supplier, lines, due)
    open_order(page, code)
    answer_ridgeline(page, code, order_lines(page))
