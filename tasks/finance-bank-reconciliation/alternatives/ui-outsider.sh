#!/usr/bin/env bash
# Through the web pages only: for each unpaid supplier bill, record the earliest of the payments
# its page offers from that supplier (the amount that left the account, at most what is due);
# then, in the register, mark a later identical charge of an already paid bill as a duplicate in
# its memo, and re-file each bill payment under its supplier's default category.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

BOOKS = local_url(5140)
YEAR = 2026


def day_of(text):
    return datetime.strptime(f"{text} {YEAR}", "%a %d %b %Y")


with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, BOOKS, "alice", "alice-pass")
    today = re.search(r"Today: (\w{3} \d+ \w{3}) (\d{4})", page.locator("header, banner, body").first.inner_text())
    print("today", today[0])
    month = today[1].split()[2]

    page.goto(f"{BOOKS}/categories")
    usual = {}
    for row in page.get_by_role("row").all():
        cells = row.get_by_role("cell").all_inner_texts()
        if len(cells) == 2:
            usual[cells[0].strip()] = cells[1].strip()
    print("usual categories", usual)

    page.goto(f"{BOOKS}/invoices?direction=received&status=unpaid")
    bills = []
    for row in page.get_by_role("row").all()[1:]:
        cells = row.get_by_role("cell").all_inner_texts()
        if len(cells) >= 8 and cells[2].strip().lower() == "received":
            bills.append((cells[0].strip(), cells[1].strip(), cells[3].strip()))
    print("open bills", bills)

    paid_by = {}
    for number, vendor_number, vendor in bills:
        page.goto(f"{BOOKS}/invoices/{number}")
        picker = page.get_by_label("Payment", exact=True)
        options = [o for o in picker.locator("option").all_inner_texts() if "·" in o]
        print(number, vendor_number, vendor, options)
        # this month's payments to this supplier, the earliest first
        mine = [o for o in options if f"· {vendor} ·" in o and o.split()[2] == month]
        mine.sort(key=lambda o: day_of(" ".join(o.split()[:3])))
        if not mine:
            print("  no payment from", vendor, "-> stays open")
            continue
        picker.select_option(label=mine[0])
        page.get_by_role("button", name="Record payment").click()
        page.wait_for_load_state()
        print("  ", main_text(page)[:300].replace("\n", " | "))
        paid_by[vendor] = (vendor_number, mine[0])

    page.goto(f"{BOOKS}/transactions?account_id=1")
    rows = []
    for row in page.get_by_role("row").all()[1:]:
        cells = row.get_by_role("cell").all_inner_texts()
        if len(cells) >= 8:
            link = row.get_by_role("link").first.get_attribute("href")
            rows.append(dict(href=link, date=cells[0].split(", ")[-1 if "," not in cells[0] else 1].strip(), merchant=cells[2].strip(),
                             memo=cells[3].strip(), category=cells[4].strip(),
                             amount=cells[5].strip(), status=cells[6].strip(),
                             invoice=cells[7].strip()))
    for r in rows:
        print(r)
    for r in rows:
        if r["merchant"] not in paid_by:
            continue
        if r["invoice"]:
            if r["category"] != usual[r["merchant"]]:
                page.goto(BOOKS + r["href"])
                page.get_by_label("Category", exact=True).select_option(label=usual[r["merchant"]])
                page.get_by_role("button", name="Re-categorise").click()
                page.wait_for_load_state()
                print("re-filed", r["href"], main_text(page)[:200].replace("\n", " | "))
            continue
        twin = [t for t in rows if t is not r and t["invoice"] and t["merchant"] == r["merchant"]
                and t["amount"] == r["amount"] and t["memo"] == r["memo"]]
        if twin and r["date"].split()[2] == month:
            bill = paid_by[r["merchant"]][0]
            page.goto(BOOKS + r["href"])
            page.get_by_label("Memo").fill(
                f"{r['memo']} - DUPLICATE CHARGE: bill {bill} was already paid by the "
                f"{twin[0]['date']} charge; to dispute with the bank")
            page.get_by_role("button", name="Save transaction").click()
            page.wait_for_load_state()
            print("duplicate", r["href"], main_text(page)[:300].replace("\n", " | "))
PY
