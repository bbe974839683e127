"""The task through the web UIs only (``invoke oracle --ui``): read the "Checkout payment failures"
thread in the webmail, publish the postmortem as a subpage of the Engineering "Incident reports"
page, list it there, and mail its address to Frank and Grace from the compose form."""

import re

from mock_services.browser import browser_page, log_in

KB, MAIL = "http://127.0.0.1:5130", "http://127.0.0.1:5001"
PAGE_TEXT = "Page text (Markdown; link another page with [[its name]])"  # the body field's label
ADDRESSES = "http://localhost:5130/pages"  # the wiki's addresses, as the instruction spells them
TITLE = "Postmortem: checkout payment failures"
# What the thread finally established (Frank's correction, Grace's action items)
ESTABLISHED = (
    "expired at 09:14",
    "errors stopped at 10:52",
    "1,312 failed checkouts",
    "No customer was charged twice",
    "Due 11 December",
    "Due 4 December",
)
BODY = """# Postmortem: checkout payment failures

## Summary
On Tuesday 1 December card payments at checkout failed from 09:14 to 10:52 UTC: the payments
gateway answered 502 because its TLS certificate had expired.

## Timeline (UTC)
- 09:14 the certificate of pay-gw.internal expires; card payments start failing
- 09:40 Frank reports the failures; the load balancer change is suspected
- 10:40 the load balancer change is rolled back, which does not help
- 10:47 Frank renews the certificate
- 10:52 the gateway has reloaded and the errors stop

## Root cause
The TLS certificate of the payments gateway (pay-gw.internal) expired. The load balancer change
of that morning was unrelated.

## Impact
1,312 checkouts failed. No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |
| apology with a 10% voucher to the affected customers | Grace | 4 December |
"""


def read_thread(page) -> None:
    """Search the inbox for the thread and open the whole conversation."""
    page.goto(MAIL)
    page.get_by_role("searchbox", name="Search mail").fill("Checkout payment failures")
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    page.get_by_role("link", name="Checkout payment failures", exact=True).click()
    page.get_by_role("link", name=re.compile(r"^Whole conversation")).click()
    thread = page.locator("main").inner_text()
    missing = [fact for fact in ESTABLISHED if fact not in thread]
    assert not missing, f"the thread does not say {missing}"


def open_index(page) -> None:
    page.goto(f"{KB}/spaces/ENG")
    page.get_by_role("link", name="Incident reports", exact=True).click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Incident reports", level=1).count()


def publish_postmortem(page) -> int:
    """Add the postmortem as a published subpage of the index; its id, as the page shows it."""
    open_index(page)
    page.get_by_role("link", name="Add a subpage").click()
    page.wait_for_load_state()
    form = page.get_by_role("form", name="New page")
    assert form.get_by_label("Space", exact=True).input_value() == "ENG"
    form.get_by_label("Title", exact=True).fill(TITLE)
    form.get_by_label(PAGE_TEXT, exact=True).fill(BODY)
    form.get_by_label("Labels (comma separated)", exact=True).fill("checkout, postmortem")
    form.get_by_label("Save as", exact=True).select_option("published")
    form.get_by_label("Change message", exact=True).fill("Postmortem of 1 December")
    form.get_by_role("button", name="Create page").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=TITLE, level=1).count(), "the page was not created"
    status = page.locator(".cf-byline .cf-lozenge").inner_text()
    assert status.strip().lower() == "published", "the new page is not shown as published"
    found = re.search(r"/pages/(\d+)$", page.url.split("?")[0])
    assert found, f"the new page is not at its own address: {page.url}"
    return int(found.group(1))


def list_on_index(page) -> None:
    """Insert the new page's link above the older postmortems, newest first."""
    open_index(page)
    page.get_by_role("link", name="Edit this page").click()
    page.wait_for_load_state()
    body = page.get_by_label(PAGE_TEXT, exact=True)
    current = body.input_value()
    older = "\n- [[Postmortem: checkout outage"
    assert older in current, "the index does not list the November postmortem"
    body.fill(current.replace(older, f"\n- [[{TITLE}]]{older}", 1))
    page.get_by_label("Change message", exact=True).fill("List the payments postmortem")
    page.get_by_role("button", name="Save page").click()
    page.wait_for_load_state()
    links = page.get_by_role("article", name="Page body").get_by_role("link", name=TITLE)
    assert links.count() == 1, "the index does not link the postmortem"


def mail_team(page, page_id: int) -> None:
    page.goto(MAIL)
    page.get_by_role("link", name="Compose").first.click()
    page.wait_for_load_state()
    page.get_by_label("To (comma separated)", exact=True).fill(
        "frank@example.test, grace@example.test"
    )
    page.get_by_label("Subject", exact=True).fill(TITLE)
    page.get_by_label("Message", exact=True).fill(
        f"Hi Frank, hi Grace,\n\nthe postmortem is in the wiki: {ADDRESSES}/{page_id}\n"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    assert "/compose" not in page.url, "the mail was not sent"


with browser_page() as page:
    log_in(page, MAIL, "alice", "alice-pass")
    log_in(page, KB, "alice", "alice-pass")
    read_thread(page)
    page_id = publish_postmortem(page)
    list_on_index(page)
    mail_team(page, page_id)
    print("published page", page_id, "and mailed Frank and Grace")
