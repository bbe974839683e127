"""The task through the three web UIs only (``invoke oracle --ui``): read Ingrid's go-ahead in the
mail app, mark the redesign deal won at the revised total in the CRM, void the stale draft and
issue the invoice in the books, then mail Ingrid its number, amount and due date."""

import re
from datetime import date, timedelta

from mock_services.browser import browser_page, log_in

CRM = "http://127.0.0.1:5110"
BOOKS = "http://127.0.0.1:5140"
MAIL = "http://127.0.0.1:5001"
QUOTE_LINE = re.compile(r"^- (.+): USD ([\d,]+)$", re.MULTILINE)


def money(text: str) -> float:
    return float(text.replace(",", ""))


def read_mail(page, sender: str, query: str, folder: str) -> str:
    """The newest message of ``folder`` found by ``query`` whose list row names ``sender``."""
    page.goto(f"{MAIL}/?q={query}&folder={folder}")
    page.locator("main a[href^='/messages/']", has_text=sender).first.click()
    page.wait_for_load_state()
    return page.locator("#message").inner_text()


def win_deal(page, amount: float) -> None:
    """Move Ingrid's open redesign deal to closed won at ``amount`` through its edit form."""
    page.goto(f"{CRM}/deals?q=redesign&open=true")
    rows = page.locator("main table tbody tr", has_text="Lindqvist Architects")
    assert rows.count() == 1, f"expected one open redesign deal, read {rows.all_inner_texts()}"
    rows.get_by_role("link").first.click()
    page.wait_for_load_state()
    contact = page.get_by_label("Contact", exact=True)
    assert contact.locator("option:checked").inner_text() == "Ingrid Lindqvist", "not her deal"
    page.get_by_label("Stage").select_option(label="Closed won")
    page.get_by_label("Amount").fill(f"{amount:g}")
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_load_state()
    header = page.locator("main").inner_text()
    assert "closed won" in header.lower(), header[:300]
    assert f"USD {amount:,.2f}" in header, header[:300]


def customer_billed_at(page, address: str) -> str:
    """The books' customer whose email is ``address``."""
    page.goto(f"{BOOKS}/contacts?kind=customer")
    row = page.locator("main table tbody tr", has_text=address)
    assert row.count() == 1, f"no single customer at {address}"
    return row.locator("td").first.inner_text().strip()


def void_drafts(page, customer: str) -> list[str]:
    """Void every draft invoice of ``customer`` (the confirmation dialog's button)."""
    page.goto(f"{BOOKS}/invoices?status=draft&contact={customer}")
    codes = page.locator("main table tbody tr a[href^='/invoices/']").all_inner_texts()
    for code in codes:
        page.goto(f"{BOOKS}/invoices/{code}")
        page.get_by_role("button", name="Void invoice…").click()
        page.get_by_role("dialog").locator("button[type=submit]").click()  # its own words
        page.wait_for_load_state()
        assert "status Void" in page.locator("main").inner_text(), f"{code} not void"
    return codes


def issue_invoice(page, customer, today, due, lines, memo) -> str:
    """Create the invoice approved (Awaiting payment) from the new-invoice form; its code."""
    page.goto(f"{BOOKS}/invoices")
    form = page.locator("form[action='/invoices'][method='post']")
    form.get_by_label("Direction").select_option("issued")
    form.get_by_label("Customer or vendor").select_option(customer)
    form.get_by_label("Issued on").fill(today.isoformat())
    form.get_by_label("Terms").select_option(label=f"Net {(due - today).days}")
    shown_due = form.get_by_label("Due on").input_value()
    assert shown_due == due.isoformat(), f"the terms set the due date {shown_due}, not {due}"
    form.get_by_label("Currency").fill("USD")
    for n, (description, price) in enumerate(lines, start=1):
        form.get_by_label(f"Line {n} description").fill(description)
        form.get_by_label(f"Line {n} quantity").fill("1")
        form.get_by_label(f"Line {n} unit price").fill(f"{price:g}")
    form.get_by_label("Memo").fill(memo)
    form.get_by_role("button", name="Approve…").click()  # it asks first
    page.get_by_role("dialog").get_by_role("button", name="Yes, approve").click()
    page.wait_for_load_state()
    code = re.search(r"/invoices/(INV-\d+)$", page.url)
    assert code, f"the invoice was not created: {page.url}"
    return code.group(1)


with browser_page() as page:
    for base in (CRM, BOOKS, MAIL):
        log_in(page, base, "alice", "alice-pass")

    go_ahead = read_mail(page, "Ingrid Lindqvist", "redesign", "inbox")
    ingrid = re.search(r"<([\w.@-]+)>", go_ahead).group(1)
    amount = money(re.search(r"revised quote of USD ([\d,]+)", go_ahead).group(1))
    days = int(re.search(r"(\d+) days from the invoice date", go_ahead).group(1))
    billing = re.search(r"accounts payable \(([\w.@-]+)\)", go_ahead).group(1)
    quote = read_mail(page, "To: ingrid", "revised quote", "sent")
    lines = [(what, money(price)) for what, price in QUOTE_LINE.findall(quote)]
    assert sum(price for _, price in lines) == amount, f"the quote's lines {lines} are not {amount}"

    win_deal(page, amount)

    page.goto(BOOKS)
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])
    due = today + timedelta(days=days)
    customer = customer_billed_at(page, billing)
    voided = void_drafts(page, customer)
    assert voided, f"no draft invoice of {customer} to void"
    memo = f"Payment due within {days} days of the invoice date."
    code = issue_invoice(page, customer, today, due, lines, memo)
    shown = page.locator("main").inner_text()
    assert f"Total USD {amount:,.2f}" in shown and "status Awaiting payment" in shown, shown[:300]

    page.goto(f"{MAIL}/compose")
    page.get_by_label("To (comma separated)").fill(ingrid)
    page.get_by_label("Subject").fill(f"Invoice {code}: website redesign")
    page.get_by_label("Message", exact=True).fill(
        f"Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website "
        f"redesign has gone to your accounts payable: USD {amount:,.2f}, due on "
        f"{due.strftime('%-d %B %Y')}.\n\nBest,\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "/compose" not in page.url, f"the mail was not sent: {page.url}"
    print("won the deal, voided", ", ".join(voided), "issued", code, "and mailed", ingrid)
