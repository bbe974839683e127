#!/bin/bash
# alternative (web UI, blind, 2026-12-05, a browsing agent): in Chromium, TK-1047 merged into
# TK-1041 with its "Merge ticket…" dialog, a public reply submitted as pending that gives the fix
# day and the print-to-PDF workaround and closes politely ("That way your month-end invoices are
# not held up. I'll follow up once the fix is live."), then the ticket's properties (Alice,
# high, tags plus month-end, pending). It scored 0.294 while "once the fix is live" was read as
# saying the fix had already shipped.
set -euo pipefail
python3 - <<'PY'
from mock_services.browser import browser_page, log_in

DESK = "http://127.0.0.1:5100"


def click_until_done(page, control) -> None:
    """Press ``control``; again after a short wait while the page says to try again (a 503)."""
    for _ in range(5):
        control.click()
        page.wait_for_load_state()
        if "try again" not in page.locator("main").inner_text():
            return
        page.wait_for_timeout(1500)


with browser_page() as page:
    log_in(page, DESK, "alice", "alice-pass")
    page.goto(f"{DESK}/tickets/TK-1047")
    page.get_by_role("button", name="Merge ticket…").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Merge into ticket (code, e.g. TK-1001)").fill("TK-1041")
    click_until_done(page, dialog.get_by_role("button", name="Yes, merge ticket"))
    page.goto(f"{DESK}/tickets/TK-1041")
    reply = (
        "Hi Maria,\n\nthank you for your patience, and sorry that the PDF export is still failing. "
        "Our technical team has found the problem: the fix goes out in release 4.2.1 on Thursday "
        "12 March. Until then you can still get a PDF of each invoice: open the invoice, press "
        "Print, and choose 'Save as PDF' in your browser's print dialog. That way your month-end "
        "invoices are not held up.\n\nI'll follow up once the fix is live. Kind regards,\nAlice"
    )
    page.get_by_role("radio", name="Public reply").check()
    page.get_by_label("Comment", exact=True).fill(reply)
    page.get_by_label("Submit as").select_option(label="Pending")
    click_until_done(page, page.get_by_role("button", name="Send comment"))
    page.goto(f"{DESK}/tickets/TK-1041")
    props = page.get_by_role("complementary", name="Ticket properties")
    props.get_by_label("Assignee").select_option(label="Alice Martin (Tier 1 Support)")
    props.get_by_label("Priority").select_option("high")
    tags = props.get_by_label("Tags (comma separated)")
    tags.fill(tags.input_value().rstrip(", ") + ", month-end")
    props.get_by_label("Status").select_option("pending")
    click_until_done(page, props.get_by_role("button", name="Save ticket"))
PY
