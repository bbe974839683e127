#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): reads the invoice in the mail, enters the bill and approves it, records the bank transfer out of Business Checking, picks it as the bill's payment, replies to the supplier.
# Changed where the page changed on purpose: the transaction form's status reads "Posted", and a
# bill's payment list is labelled "Payment" (it was "Transaction").
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted. Kept as written, but for how Chromium starts, the services' address and
# the helpers every UI script shares (mock_services.browser).
set -euo pipefail
python3 - <<'PY'
import re, sys, os

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in


def login(pg, port, user, pw):
    log_in(pg, url(port), user, pw)


log = print


F, E = 5140, 5001
def notice(pg): return main_text(pg)[:200].replace("\n", " | ")
with chromium() as b:
    pg = page_in(b, "America/New_York")
    # 1. read the invoice in the mail (message and its attachment)
    login(pg, E, "alice", "alice-pass")
    pg.goto(url(E, "/"))
    pg.get_by_role("link", name=re.compile(r"^Invoice NP-\d+ - spring catalogue")).first.click(); pg.wait_for_load_state()
    msg_url = pg.url; log("message", msg_url)
    att = pg.get_by_role("link", name="open").first.get_attribute("href")
    pg.goto(url(E, att)); inv = main_text(pg); log(inv[inv.find("NORTHSIDE"):][:700])
    number = re.search(r"INVOICE (NP-\d+)", inv).group(1)
    import datetime
    def day(s): return datetime.datetime.strptime(s.strip(), "%B %d, %Y").date().isoformat()
    issued = day(re.search(r"Invoice date: ([A-Za-z]+ \d+, \d{4})", inv).group(1))
    due = day(re.search(r"Due date: ([A-Za-z]+ \d+, \d{4})", inv).group(1))
    total = re.search(r"TOTAL DUE\s+USD\s+([\d,]+\.\d\d)", inv).group(1).replace(",", "")
    lines = []
    for m in re.finditer(r"^([\d,]+) x (.+?) @ ([\d.]+)\s+USD", inv, re.M):
        lines.append((m.group(2).strip(), m.group(1).replace(",", ""), m.group(3)))
    for m in re.finditer(r"^(Rush proofing[^\n]*?)\s{2,}USD\s+([\d.,]+)", inv, re.M):
        lines.append((m.group(1).strip(), "1", m.group(2).replace(",", "")))
    log("parsed", number, issued, due, total, lines)
    # 2. the bill in finance, approved
    login(pg, F, "alice", "alice-pass")
    pg.goto(url(F, "/invoices"))
    f = pg.get_by_role("form", name="New invoice")
    f.get_by_label("Direction").select_option(label="Received (from a vendor)")
    f.get_by_label("Customer or vendor").select_option(label="Northside Print Co. (vendor)")
    f.get_by_label("Vendor's invoice number").fill(number)
    f.get_by_label("Issued on").fill(issued)
    f.get_by_label("Terms").select_option(label="custom (the due date below; blank: Net 30)")
    f.get_by_label("Due on").fill(due)
    f.get_by_label("Currency").fill("USD")
    for i, (d, q, u) in enumerate(lines, 1):
        f.get_by_label(f"Line {i} description").fill(d); f.get_by_label(f"Line {i} quantity").fill(q); f.get_by_label(f"Line {i} unit price").fill(u)
    f.get_by_role("button", name="Approve…").click()
    dlg = pg.locator("dialog[open]"); log("dialog:", dlg.inner_text().replace("\n", " | "))
    dlg.get_by_role("button").filter(has_text=re.compile("^Yes|Approve")).first.click(); pg.wait_for_load_state()
    bill = pg.url; log("bill ->", bill, notice(pg))
    t = main_text(pg); assert f"USD {float(total):,.2f}" in t, t[:600]
    # 3. the bank transfer, money out of Business Checking today
    pg.goto(url(F, "/transactions"))
    f = pg.locator("main form").filter(has=pg.get_by_role("button", name="Record transaction"))
    f.get_by_label("Account").select_option(label="Business Checking")
    f.get_by_label("Date").fill("2026-03-20")
    f.get_by_label("Amount (negative: money out)").fill("-" + total)
    f.get_by_label("Merchant").fill("Northside Print Co.")
    f.get_by_label("Category").select_option(label="Printing")
    f.get_by_label("Memo").fill(f"TRANSFER {number}")
    f.get_by_label("Status").select_option(label="Posted")
    f.get_by_role("button", name="Record transaction").click(); pg.wait_for_load_state()
    log("transaction ->", pg.url, notice(pg))
    # 4. match it to the bill as its payment
    pg.goto(bill)
    sel = pg.get_by_label("Payment", exact=True)
    opts = [o for o in sel.locator("option").all_inner_texts() if total in o.replace(",", "")]
    log("payment options:", opts)
    sel.select_option(label=opts[0])
    pg.get_by_role("button", name="Record payment").click(); pg.wait_for_load_state()
    log("payment ->", notice(pg)); log(main_text(pg)[:700])
    # 5. reply to their email
    pg.goto(msg_url)
    pg.get_by_role("link", name="Reply", exact=True).click(); pg.wait_for_load_state()
    log("compose:", pg.url)
    body = pg.get_by_label(re.compile("^(Body|Message)")).first
    amount_txt = f"USD {float(total):,.2f}"
    text = (f"Hello,\n\nThank you for invoice {number}. It is recorded in our books and paid in full: "
            f"we paid {amount_txt} by bank transfer on 20 March 2026 (2026-03-20), quoting {number}.\n\nKind regards,\nAlice Martin\n")
    old = body.input_value()
    body.fill(text + ("\n" + old if old else ""))
    log("form fields:", [(i.get_attribute("name"), i.input_value()[:80]) for i in pg.locator("main form input:not([type=hidden]), main form textarea").all()])
    pg.get_by_role("button", name="Send", exact=True).click(); pg.wait_for_load_state()
    log("sent ->", pg.url, notice(pg))
PY
