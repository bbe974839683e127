#!/usr/bin/env bash
# Through the pages only: Bob's thread read in the webmail (his correction: 19 headlamps in
# EAST-B-03); each product's page in the inventory app books it: "Adjust stock" with the counted
# units (count correction), the damaged stoves removed (damage), and "Move stock" for the filters.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    mail = page_in(browser, "America/New_York")
    log_in(mail, url(5001), "alice", "alice-pass")
    mail.goto(url(5001, "/?folder=inbox"))
    mail.get_by_role("link", name="Re: Cycle count East DC, aisle B: results").first.click()
    mail.wait_for_load_state()
    convo = mail.get_by_role("link", name=re.compile("conversation", re.I))
    if convo.count():
        mail.goto(url(5001, convo.first.get_attribute("href")))
    thread = main_text(mail)
    print(thread)
    # Bob's latest word on point 1: "there are 19 Trail Headlamps 200 lm (HDL-200) in the bin"
    counted = int(re.search(r"there are (\d+) Trail Headlamps 200 lm \(HDL-200\)", thread)[1])
    damaged = 2  # "2 of them have cracked burner heads ... write them off as damaged"
    moved = 6  # "Six Squeeze Water Filters (WTR-FLT) ... EAST-B-01 ... carried them over" to EAST-B-02
    assert "Points 2 and 3 stand as written" in thread

    inv = page_in(browser, "America/New_York")
    log_in(inv, url(5120), "alice", "alice-pass")

    def bin_choice(select, code):
        options = inv.get_by_label(select).locator("option").all_inner_texts()
        return next(o for o in options if f"/{code} " in o)

    def adjust(sku, bin_code, reason, note, change=None, counted=None):
        inv.goto(url(5120, f"/products/{sku}"))
        inv.get_by_label("Bin to adjust").select_option(label=bin_choice("Bin to adjust", bin_code))
        inv.get_by_label("Reason").select_option(label=reason)
        if change is not None:
            inv.get_by_label("Change (units added, negative to remove)").fill(str(change))
        if counted is not None:
            inv.get_by_label("Or the counted units").fill(str(counted))
        inv.get_by_label("Adjustment note").fill(note)
        inv.get_by_role("button", name="Adjust stock").click()
        inv.wait_for_load_state()
        print(main_text(inv)[:500])

    adjust("HDL-200", "EAST-B-03", "Count correction", "East DC aisle B cycle count (Bob's recount)", counted=counted)
    adjust("STV-CMP", "EAST-B-02", "Damage", "cracked burner heads, in the scrap cage", change=-damaged)

    inv.goto(url(5120, "/products/WTR-FLT"))
    inv.get_by_label("From bin").select_option(label=bin_choice("From bin", "EAST-B-01"))
    inv.get_by_label("To bin").select_option(label=bin_choice("To bin", "EAST-B-02"))
    inv.get_by_label("Quantity to move").fill(str(moved))
    inv.get_by_label("Transfer note").fill("found on the apparel shelf in the cycle count, carried back")
    inv.get_by_role("button", name="Move stock").click()
    inv.wait_for_load_state()
    print(main_text(inv)[:500])
PY
