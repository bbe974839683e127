"""The task through the mail and finance web UIs only (``invoke oracle --ui``): read Northside
Print's newest invoice attachment, record it as an approved bill, record today's transfer out of
Business Checking, match it to the bill, and reply to the invoice mail."""

import re
from datetime import date, datetime

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"
BOOKS = "http://127.0.0.1:5140"
BILLING = "billing@northsideprint.example"  # the printer's billing address, sender of its invoices
ITEM = re.compile(r"^([\d,]+) x (.+?) @ ([\d.]+)\s+USD", re.MULTILINE)
FLAT = re.compile(r"^([A-Z][^@\n]+?)\s+USD\s+([\d,.]+)$", re.MULTILINE)


def money(text: str) -> float:
    return float(text.replace(",", ""))


def read_invoice_mail(page) -> tuple[str, str]:
    """Open the printer's newest mail with an attachment; its address and the invoice's text."""
    page.goto(f"{MAIL}/?from={BILLING}&has_attachment=true&sort=newest")
    page.locator("main a[href^='/messages/']").first.click()
    page.wait_for_load_state()
    url = page.url
    page.get_by_role("link", name=re.compile(r"^Open .+\.txt$")).click()
    page.wait_for_load_state()
    return url, page.locator("main").inner_text()


def day(text: str, label: str) -> date:
    written = re.search(rf"{label}: (\w+ \d+, \d{{4}})", text).group(1)
    return datetime.strptime(written, "%B %d, %Y").date()


def invoice_lines(text: str) -> list[tuple[str, str, float]]:
    """(description, quantity, unit price) of each line the invoice charges."""
    lines = [(what, qty.replace(",", ""), float(each)) for qty, what, each in ITEM.findall(text)]
    lines += [
        (what.strip(), "1", money(amount))
        for what, amount in FLAT.findall(text)
        if not what.startswith("TOTAL")
    ]
    return lines


def vendor_at(page, address: str) -> str:
    """The books' vendor whose email is ``address``."""
    page.goto(f"{BOOKS}/contacts?kind=vendor")
    row = page.locator("main table tbody tr", has_text=address)
    assert row.count() == 1, f"no single vendor at {address}"
    return row.locator("td").first.inner_text().strip()


def record_bill(page, vendor, number, issued, due, lines) -> str:
    """The new-invoice form, as a received invoice created open (approved); its code."""
    page.goto(f"{BOOKS}/invoices")
    form = page.locator("form[action='/invoices'][method='post']")
    form.get_by_label("Direction").select_option("received")
    form.get_by_label("Customer or vendor").select_option(vendor)
    form.get_by_label("Vendor's invoice number").fill(number)
    form.get_by_label("Issued on").fill(issued.isoformat())
    form.get_by_label("Due on").fill(due.isoformat())
    form.get_by_label("Currency").fill("USD")
    for n, (description, quantity, price) in enumerate(lines, start=1):
        form.get_by_label(f"Line {n} description").fill(description)
        form.get_by_label(f"Line {n} quantity").fill(quantity)
        form.get_by_label(f"Line {n} unit price").fill(f"{price:.2f}")
    form.get_by_role("button", name="Approve…").click()  # it asks first
    page.get_by_role("dialog").get_by_role("button", name="Yes, approve").click()
    page.wait_for_load_state()
    code = re.search(r"/invoices/(INV-\d+)$", page.url)
    assert code, f"the bill was not created: {page.url}"
    return code.group(1)


def record_transfer(page, vendor: str, today: date, total: float, number: str) -> str:
    """The Record a transaction form: today's transfer out of Business Checking; its id (the
    value of its option in the bill's payment form)."""
    page.goto(f"{BOOKS}/transactions")
    form = page.locator("form[action='/transactions'][method='post']")
    form.get_by_label("Account").select_option(label="Business Checking")
    form.get_by_label("Date").fill(today.isoformat())
    form.get_by_label("Amount (negative: money out)").fill(f"-{total:.2f}")
    form.get_by_label("Merchant").fill(vendor)
    form.get_by_label("Memo").fill(f"Bank transfer {number}")
    form.get_by_label("Status").select_option("posted")
    form.get_by_role("button", name="Record transaction").click()
    page.wait_for_load_state()
    recorded = re.search(r"/transactions/(\d+)$", page.url)
    assert recorded, f"the transfer was not recorded: {page.url}"
    return recorded.group(1)


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, BOOKS, "alice", "alice-pass")

    message, text = read_invoice_mail(page)
    number = re.search(r"INVOICE (\S+)", text).group(1)
    issued, due = day(text, "Invoice date"), day(text, "Due date")
    total = money(re.search(r"TOTAL DUE\s+USD ([\d,.]+)", text).group(1))
    lines = invoice_lines(text)
    assert round(sum(float(q) * p for _, q, p in lines), 2) == total, f"{lines} is not {total}"

    vendor = vendor_at(page, BILLING)
    code = record_bill(page, vendor, number, issued, due, lines)
    shown = page.locator("main").inner_text()
    assert f"Total USD {total:,.2f}" in shown, "the bill's total differs"
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])
    transfer = record_transfer(page, vendor, today, total, number)

    page.goto(f"{BOOKS}/invoices/{code}")
    page.get_by_label("Payment", exact=True).select_option(transfer)
    page.get_by_role("button", name="Record payment").click()
    page.wait_for_load_state()
    assert "status Paid" in page.locator("main").inner_text(), f"{code} is not paid"

    page.goto(message)
    page.get_by_role("link", name="Reply", exact=True).click()
    page.wait_for_load_state()
    page.get_by_label("Message", exact=True).fill(
        f"Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid "
        f"it in full today, {today.strftime('%B %-d, %Y')}: USD {total:,.2f} by bank transfer, "
        f"quoting {number}.\n\nBest regards,\nAlice Martin"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "/compose" not in page.url, f"the reply was not sent: {page.url}"
    print("booked", number, "as", code, "paid", transfer, "and replied")
