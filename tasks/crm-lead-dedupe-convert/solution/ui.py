"""The task through the CRM's web UI only (``invoke oracle --ui``): convert Priya's complete lead
with its deal, mark her misspelt twin unqualified, log the call from the new deal's page, and
merge Marisol's bare duplicate contact into her original record."""

import re

from mock_services.browser import browser_page, log_in

CRM = "http://127.0.0.1:5110"
CLOSE_DATE = "2026-04-17"  # the day Priya expects to sign, from the call
BARE = ("No title", "No phone")  # what a record without her details shows


def duplicates(page, kind: str) -> list[tuple[str, str]]:
    """The one group of possible duplicates of ``kind``: (page link, text of that page)."""
    page.goto(f"{CRM}/duplicates?kind={kind}")
    links = page.locator(f"main a[href^='/{kind}/']").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))"
    )
    assert len(links) == 2, f"expected one pair of duplicate {kind}, read {links}"
    pages = []
    for link in links:
        page.goto(f"{CRM}{link}")
        pages.append((link, page.locator("main").inner_text()))
    return pages


def complete_and_bare(pages: list[tuple[str, str]]) -> tuple[str, str]:
    """The link of the entry with the person's details, then the other's."""
    (full,) = [link for link, text in pages if not any(gap in text for gap in BARE)]
    (bare,) = [link for link, _ in pages if link != full]
    return full, bare


with browser_page() as page:
    log_in(page, CRM, "alice", "alice-pass")

    leads = duplicates(page, "leads")
    full, twin = complete_and_bare(leads)
    lead_page = dict(leads)[full]
    assert "Kestrel Robotics" in lead_page, lead_page[:300]
    amount = re.search(r"Quote sent on .*?USD ([\d,]+) a year", lead_page).group(1).replace(",", "")

    page.goto(f"{CRM}{full}")
    convert = page.get_by_role("form", name="Convert lead")
    convert.get_by_label("Into the existing account").select_option(
        label="a new account named after the company"
    )
    convert.get_by_label("Also open a deal").check()
    convert.get_by_label("Deal name").fill("Kestrel Robotics: fleet tracking")
    convert.get_by_label("Deal amount").fill(amount)
    convert.get_by_label("Deal currency").fill("USD")
    convert.get_by_label("Deal close date").fill(CLOSE_DATE)
    convert.get_by_role("button", name="Convert lead").click()
    page.wait_for_load_state()
    converted = page.locator("#converted")
    contact = converted.locator("a[href^='/contacts/']").get_attribute("href")
    deal = converted.locator("a[href^='/deals/']").get_attribute("href")

    page.goto(f"{CRM}{twin}")
    page.get_by_label("Status", exact=True).select_option("unqualified")
    twin_notes = page.get_by_label("Notes", exact=True)
    twin_notes.fill(f"{twin_notes.input_value()} Duplicate of lead {full.split('/')[-1]}.")
    page.get_by_role("button", name="Save lead").click()
    page.wait_for_load_state()
    assert page.locator("#lead-status").inner_text().lower() == "unqualified", (
        "the twin is not unqualified"
    )

    page.goto(f"{CRM}{deal}")
    on_her = page.locator("main p", has_text="Contact:").locator(f"a[href='{contact}']")
    assert on_her.count() == 1, f"the deal is not on {contact}"
    page.get_by_label("Activity kind").select_option("call")
    page.get_by_label("Activity subject").fill("Call with Priya: ready to buy fleet tracking")
    page.get_by_label("Activity details").fill(
        "Kestrel Robotics wants fleet tracking for its three warehouses at USD 48,500 a "
        "year; Priya expects to sign by 17 April 2026."
    )
    page.get_by_label("Duration in minutes").fill("30")
    page.get_by_role("button", name="Log activity").click()
    page.wait_for_load_state()
    page.goto(f"{CRM}{contact}")
    assert "Call with Priya" in page.locator("main").inner_text(), "the call is not on her"

    original, bare = complete_and_bare(duplicates(page, "contacts"))
    page.goto(f"{CRM}{original}")
    page.get_by_role("button", name=re.compile(r"^Merge a duplicate into .+…$")).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Duplicate contact").select_option(bare.split("/")[-1])
    dialog.get_by_role("button", name=re.compile(r"^Yes, merge a duplicate into .+$")).click()
    page.wait_for_load_state()
    page.goto(f"{CRM}/duplicates?kind=contacts")
    assert not page.locator("main a[href^='/contacts/']").count(), "Marisol is still twice"
    print("converted", full, "into", contact, "with", deal, "; unqualified", twin, "; merged", bare)
