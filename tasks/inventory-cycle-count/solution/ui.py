"""The task through the web UIs only (``invoke oracle --ui``): read Bob's count sheet and his
correction in the webmail, then book them with the product pages' "Adjust stock" and "Move
stock" forms: the headlamps recounted, the cracked stoves written off, the filters moved."""

import re

from mock_services.browser import browser_page, log_in

INVENTORY, MAIL = "http://127.0.0.1:5120", "http://127.0.0.1:5001"
SHEET = "Cycle count East DC, aisle B: results"
NOTE = "East DC aisle B cycle count (Bob)"


def read_count(page) -> int:
    """The count sheet and its correction, oldest first; the headlamps' count by Bob's latest
    word."""
    page.goto(MAIL)
    page.get_by_role("searchbox", name="Search mail").fill(SHEET)
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    page.get_by_role("link", name=SHEET, exact=True).click()
    page.get_by_role("link", name=re.compile(r"^Whole conversation")).click()
    thread = page.locator("main").inner_text()
    for said in (
        "HDL-200), bin EAST-B-03: counted 21",
        "(STV-CMP), bin EAST-B-02: 2 of them have cracked burner heads",
        "write them off as damaged",
        "Six Squeeze Water Filters (WTR-FLT) were sitting on the apparel shelf, EAST-B-01",
        "in EAST-B-02 and I have carried them over",
        "Points 2 and 3 stand as written",
    ):
        assert said in thread, f"the thread does not say {said!r}"
    recount = re.search(r"there are (\d+) Trail Headlamps 200 lm \(HDL-200\) in the bin", thread)
    assert recount, "no recount of the headlamps in the thread"
    return int(recount.group(1))


def open_product(page, sku: str) -> None:
    """Find the product by its SKU with the Products page's search, and open its card."""
    page.goto(f"{INVENTORY}/products")
    page.get_by_label("Search SKU or name", exact=True).fill(sku)
    page.get_by_role("button", name="Filter products").click()
    page.wait_for_load_state()
    page.get_by_role("article").filter(has_text=f"[{sku}]").get_by_role("link").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=re.compile(rf"^{sku}:")).count(), f"{sku} not open"


def bin_row(page, bin_code: str) -> str:
    return page.get_by_role("row").filter(has_text=bin_code).first.inner_text()


def adjust(page, sku: str, bin_code: str, reason: str, note: str, **amount: int) -> None:
    """Submit the product page's "Adjust stock" form: a ``change`` or the ``counted`` units."""
    open_product(page, sku)
    page.get_by_label("Bin to adjust", exact=True).select_option(bin_code)
    page.get_by_label("Reason", exact=True).select_option(label=reason)
    if "change" in amount:
        page.get_by_label("Change (units added, negative to remove)").fill(str(amount["change"]))
    else:
        page.get_by_label("Or the counted units", exact=True).fill(str(amount["counted"]))
    page.get_by_label("Adjustment note", exact=True).fill(note)
    page.get_by_role("button", name="Adjust stock").click()
    page.wait_for_load_state()


def move(page, sku: str, from_bin: str, to_bin: str, quantity: int, note: str) -> None:
    open_product(page, sku)
    page.get_by_label("From bin", exact=True).select_option(from_bin)
    page.get_by_label("To bin", exact=True).select_option(to_bin)
    page.get_by_label("Quantity to move", exact=True).fill(str(quantity))
    page.get_by_label("Transfer note", exact=True).fill(note)
    page.get_by_role("button", name="Move stock").click()
    page.wait_for_load_state()


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, INVENTORY, "alice", "alice-pass")
    counted = read_count(page)
    assert counted == 19, f"Bob's recount reads {counted}"

    adjust(page, "HDL-200", "EAST-B-03", "Count correction", f"{NOTE}, recount", counted=counted)
    open_product(page, "HDL-200")
    assert bin_row(page, "EAST-B-03").split()[2:4] == ["19", "6"], "headlamps not recounted"

    adjust(
        page, "STV-CMP", "EAST-B-02", "Damage", "cracked burner heads, in the scrap cage", change=-2
    )
    open_product(page, "STV-CMP")
    assert bin_row(page, "EAST-B-02").split()[2] == "7", "stoves not written off"

    move(page, "WTR-FLT", "EAST-B-01", "EAST-B-02", 6, "found on the apparel shelf")
    open_product(page, "WTR-FLT")
    assert bin_row(page, "EAST-B-02").split()[2] == "18", "filters not moved"
    print("booked the recount of 19 headlamps, 2 damaged stoves, 6 filters moved")
