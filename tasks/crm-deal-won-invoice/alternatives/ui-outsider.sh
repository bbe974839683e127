#!/usr/bin/env bash
# Through the web pages only: read Ingrid's go-ahead and the revised quote in the webmail, win the
# deal in the CRM at the agreed amount, void the stale draft and approve a new invoice in the
# books with her terms, then mail her its number, amount and due date.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CRM, BOOKS, MAIL = local_url(5110), local_url(5140), local_url(5001)

with chromium() as browser:
    mail = page_in(browser, "Europe/Paris")
    log_in(mail, MAIL, "alice", "alice-pass")
    # the newest mail from Ingrid (the inbox lists the newest first)
    mail.get_by_role("row", name=re.compile("Ingrid Lindqvist")).first.get_by_role("link").first.click()
    go_ahead = main_text(mail)
    print(go_ahead[:1500])
    amount = re.search(r"revised quote of USD ([\d,]+)", go_ahead)[1].replace(",", "")
    days = re.search(r"payment terms are (\d+) days", go_ahead)[1]
    # the revised quote itself, in Sent: its lines
    mail.goto(f"{MAIL}/?folder=sent")
    for row in mail.get_by_role("row", name=re.compile("Website redesign proposal")).all():
        row.get_by_role("link").first.click()
        text = main_text(mail)
        if "Revised quote" in text:
            break
        mail.go_back()
    lines = re.findall(r"^- (.+?): USD ([\d,]+)$", text.split("Revised quote", 1)[1], re.M)
    print("agreed", amount, "terms", days, "lines", lines)
    assert sum(int(p.replace(",", "")) for _, p in lines) == int(amount)

    crm = page_in(browser, "Europe/Paris")
    log_in(crm, CRM, "alice", "alice-pass")
    crm.goto(f"{CRM}/deals")
    crm.get_by_role("link", name="Lindqvist Architects: website redesign").click()
    edit = crm.get_by_role("form", name="Edit deal")
    edit.get_by_label("Stage").select_option(label="Closed won")
    edit.get_by_label("Amount").fill(amount)
    edit.get_by_role("button", name="Save deal").click()
    crm.wait_for_load_state()
    print(main_text(crm)[:400])

    books = page_in(browser, "Europe/Paris")
    log_in(books, BOOKS, "alice", "alice-pass")
    books.goto(f"{BOOKS}/invoices?status=draft")
    books.get_by_role("row", name=re.compile("Lindqvist Architects")).get_by_role("link").first.click()
    print(main_text(books)[:300])
    books.get_by_role("button", name="Void invoice…").click()
    dialog = books.locator("dialog[open]")
    print(dialog.inner_text())
    dialog.get_by_role("button").first.click()
    books.wait_for_load_state()
    print(main_text(books)[:300])

    books.goto(f"{BOOKS}/invoices")
    form = books.get_by_role("form", name="New invoice")
    form.get_by_label("Direction").select_option(label="Issued (to a customer)")
    form.get_by_label("Customer or vendor").select_option(label="Lindqvist Architects (customer)")
    form.get_by_label("Terms").select_option(label=f"Net {days}")
    for n, (what, price) in enumerate(lines, start=1):
        form.get_by_label(f"Line {n} description").fill(what)
        form.get_by_label(f"Line {n} quantity").fill("1")
        form.get_by_label(f"Line {n} unit price").fill(price.replace(",", ""))
    form.get_by_label("Memo").fill(f"Website redesign as in the revised quote. Payment {days} days from the invoice date.")
    form.get_by_role("button", name="Approve…").click()
    dialog = books.locator("dialog[open]")
    print(dialog.inner_text())
    dialog.get_by_role("button").first.click()
    books.wait_for_load_state()
    issued = main_text(books)
    print(issued[:800])
    number = re.search(r"(INV-\d+): Lindqvist Architects", issued)[1]
    due = re.search(r"due (\w{3} \d+ \w{3}(?: \d{4})?)", issued)[1]
    total = re.search(r"Total (USD [\d,.]+)", issued)[1]
    print(number, due, total)

    mail.goto(f"{MAIL}/compose")
    mail.get_by_label("To (comma separated)").fill("ingrid@lindqvist-arch.example")
    mail.get_by_label("Subject").fill(f"Invoice {number}: website redesign")
    mail.get_by_label("Message").fill(
        f"Hi Ingrid,\n\nThanks for the go-ahead! The invoice is issued to Lindqvist Architects "
        f"(accounts payable):\n\n- Invoice number: {number}\n- Amount: {total}\n"
        f"- Due date: {due} 2026\n\nBest,\nAlice"
    )
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print(main_text(mail)[:200])
PY
