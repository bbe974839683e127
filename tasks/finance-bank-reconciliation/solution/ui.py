"""The task through the finance web UI only (``invoke oracle --ui``): record each open supplier
bill's earliest posted charge this month as its payment from the bill's page, file it under the
supplier's usual category, and note a later charge of the same amount as a duplicate."""

from datetime import date

from mock_services.browser import browser_page, log_in

BOOKS = "http://127.0.0.1:5140"
ROWS = "main table tbody tr"


def table(page, url: str, rows: str = ROWS) -> list[list[str]]:
    """The cells' text of each row of the page's table (``rows``: its rows' selector)."""
    page.goto(url)
    return page.locator(rows).evaluate_all(
        "rows => rows.map(row => [...row.cells].map(cell => cell.innerText.trim()))"
    )


def this_months_charges(page, today: date) -> list[dict]:
    """Business Checking's posted charges this month that pay no invoice, oldest first."""
    page.goto(f"{BOOKS}/transactions")
    page.get_by_label("Filter by account").select_option(label="Business Checking")
    page.get_by_label("Filter by status").select_option("posted")
    page.get_by_label("From").fill(today.replace(day=1).isoformat())
    page.get_by_label("To").fill(today.isoformat())
    page.get_by_label("Only those paying no invoice").check()
    page.get_by_role("button", name="Filter transactions").click()
    page.wait_for_load_state()
    rows = page.locator(ROWS).evaluate_all(
        """rows => rows.map(row => ({
            page: row.cells[0].querySelector('a').getAttribute('href'),
            date: row.cells[0].querySelector('time').getAttribute('datetime'),
            merchant: row.cells[2].innerText.trim(),
            memo: row.cells[3].innerText.trim(),
            amount: row.cells[5].innerText.trim().split(' ').pop(),
        }))"""
    )
    charges = [row for row in rows if row["amount"].startswith("-")]
    return sorted(charges, key=lambda row: (row["date"], int(row["page"].split("/")[-1])))


def record_payment(page, code: str, charge: dict) -> None:
    """The bill page's Record a payment form, with the charge picked from its list."""
    page.goto(f"{BOOKS}/invoices/{code}")
    picked = charge["page"].split("/")[-1]  # the transaction's id, its option's value
    page.get_by_label("Payment", exact=True).select_option(picked)
    page.get_by_role("button", name="Record payment").click()
    page.wait_for_load_state()
    shown = page.locator("main").inner_text()
    paid = f"paid USD {charge['amount'].lstrip('-')}"
    assert paid in shown, f"{code}: the payment by transaction {picked} is not shown\n{shown[:300]}"


def recategorise(page, charge: dict, category: str) -> None:
    """The transaction page's Re-categorise form, for this transaction only."""
    page.goto(f"{BOOKS}{charge['page']}")
    form = page.locator("form", has=page.get_by_role("button", name="Re-categorise"))
    form.get_by_label("Category", exact=True).select_option(category)
    form.get_by_role("button", name="Re-categorise").click()
    page.wait_for_load_state()
    assert f"category {category}" in page.locator("main").inner_text(), "not re-categorised"


def mark_duplicate(page, charge: dict, note: str) -> None:
    """The transaction page's Details form, the note added to its memo."""
    page.goto(f"{BOOKS}{charge['page']}")
    memo = page.get_by_label("Memo", exact=True)
    assert memo.input_value() == charge["memo"], f"{charge['page']} memo differs"
    memo.fill(f"{charge['memo']} - {note}")
    page.get_by_role("button", name="Save transaction").click()
    page.wait_for_load_state()
    assert note in page.locator("main").inner_text(), "the memo was not saved"


with browser_page() as page:
    log_in(page, BOOKS, "alice", "alice-pass")
    page.goto(BOOKS)
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])

    usual = {merchant: category for merchant, category in table(page, f"{BOOKS}/categories")}
    bills = table(
        page,
        f"{BOOKS}/invoices?direction=received&status=unpaid",
        "main table[aria-label='Invoice list'] tbody tr",  # not the new invoice's lines
    )
    assert bills, "no open supplier bill"
    charges = this_months_charges(page, today)
    done = []
    for code, number, direction, supplier, *_ in bills:
        assert direction.lower() == "received", f"{code} is not a supplier bill"
        theirs = [charge for charge in charges if charge["merchant"] == supplier]
        if not theirs:
            continue  # nothing from this supplier yet: the bill stays open
        first, *later = theirs
        record_payment(page, code, first)
        page.goto(f"{BOOKS}{first['page']}")
        if f"category {usual[supplier]}" not in page.locator("main").inner_text():
            recategorise(page, first, usual[supplier])
        for again in later:
            if again["amount"] == first["amount"]:
                note = (
                    f"DUPLICATE CHARGE: {number} was already paid on {first['date']}; "
                    "disputing with the bank"
                )
                mark_duplicate(page, again, note)
                done.append(f"duplicate {again['page']}")
        done.append(f"{code} paid by {first['page']}")
    assert len(done) == 4, f"expected three bill payments and one duplicate, did {done}"
    print("; ".join(done))
