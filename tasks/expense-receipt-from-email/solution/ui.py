"""The task through the webmail's and the expense app's web UIs only (``invoke oracle --ui``):
read the hotel's invoices on their attachment pages, download Alice's March one, correct the
hand-entered hotel expense of the ITB draft with its form, attach the file and submit the report."""

import re
import tempfile
from datetime import datetime
from pathlib import Path

from mock_services.browser import browser_page, log_in

MAIL = "http://127.0.0.1:5001"
EXPENSE = "http://127.0.0.1:5005"


def field(text: str, label: str) -> str:
    """The value after ``label:`` on a line of an invoice's text."""
    found = re.search(rf"^{label}:\s*(.+)$", text, re.MULTILINE)
    assert found, f"no {label} on the invoice:\n{text}"
    return found[1].strip()


def hotel_invoices(page) -> list[tuple[str, str]]:
    """(attachment page address, text shown) of each attachment of the mails found for Adlon."""
    page.goto(f"{MAIL}/")
    page.get_by_role("searchbox", name="Search mail").fill("adlon")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    mails = page.locator("#messages tr.msg td:nth-child(4) a").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))"
    )
    invoices = []
    for mail in mails:
        page.goto(f"{MAIL}{mail}")
        opens = page.locator("#message").get_by_role("link", name=re.compile(r"^Open "))
        for link in opens.evaluate_all("links => links.map(link => link.getAttribute('href'))"):
            page.goto(f"{MAIL}{link}")
            invoices.append((link, page.locator("#attachment-text").inner_text()))
    return invoices


def download(page, link: str, folder: Path) -> Path:
    """The attachment at ``link`` saved under its own name in ``folder``, by its Download link."""
    page.goto(f"{MAIL}{link}")
    with page.expect_download() as started:
        page.locator("#attachment").get_by_role("link", name=re.compile(r"^Download ")).click()
    saved = folder / started.value.suggested_filename
    started.value.save_as(saved)
    return saved


def open_trip_draft(page) -> str:
    """Open Alice's draft report of the ITB trip from her list of reports; its code."""
    page.goto(f"{EXPENSE}/")
    page.get_by_label("Status").select_option("draft")
    page.get_by_label("Words in title, code or purpose").fill("ITB")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    rows = page.locator("#reports [data-code]")
    assert rows.count() == 1, f"expected one ITB draft, read {rows.all_inner_texts()}"
    code = rows.first.get_attribute("data-code")
    with page.expect_navigation():
        rows.first.get_by_role("link", name=code).click()
    return code


with browser_page() as page, tempfile.TemporaryDirectory() as downloads:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, EXPENSE, "alice", "alice-pass")
    mine = []
    for link, text in hotel_invoices(page):
        issued = datetime.strptime(field(text, "Invoice date"), "%d %B %Y").date()
        if "Alice Martin" in field(text, "Guest") and (issued.year, issued.month) == (2026, 3):
            mine.append((link, text, issued))
    assert len(mine) == 1, f"expected one invoice for Alice's March room, read {mine}"
    link, text, issued = mine[0]
    currency, total = re.search(r"^TOTAL\s+([A-Z]{3}) ([\d.]+)$", text, re.MULTILINE).groups()
    number = re.search(r"^INVOICE No\. .+$", text, re.MULTILINE)[0]
    receipt = download(page, link, Path(downloads))

    code = open_trip_draft(page)
    hotel = page.locator("#items").get_by_role("link", name=re.compile(r"^Edit Hotel Adlon"))
    assert hotel.count() == 1, f"{code}: expected one hand-entered Adlon expense"
    with page.expect_navigation():
        hotel.click()
    form = page.locator("#edit-item")
    form.get_by_label("Date").fill(issued.isoformat())
    form.get_by_label("Description").fill(number)
    form.get_by_label("Category").select_option("lodging")
    form.get_by_label("Amount").fill(total)
    form.get_by_label("Currency").select_option(currency)
    with page.expect_navigation():  # back to the report
        form.get_by_role("button", name="Save expense").click()
    page.get_by_label(re.compile(r"^Receipt file for Hotel Adlon Kempinski, ")).set_input_files(
        receipt
    )
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile(r"^Attach receipt for Hotel Adlon")).click()
    row = page.locator("#items tr", has=page.get_by_role("link", name=receipt.name))
    assert f"{currency} {float(total.replace(',', '')):,.2f}" in row.inner_text(), (
        f"{code}: the hotel row reads {row.inner_text()}"
    )
    with page.expect_navigation():
        page.get_by_role("button", name="Submit for approval").click()
    assert page.locator("#status").inner_text().lower() == "submitted", f"{code} was not submitted"
    print(code, "submitted with", total, currency, "on", issued, "and", receipt.name)
