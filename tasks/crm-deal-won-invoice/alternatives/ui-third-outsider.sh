#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-07): reads the agreed
# amount, lines and terms in the mail thread, marks the CRM deal Closed won at that amount, voids
# the old-price draft invoice, approves a new invoice for Lindqvist Architects (revised lines, Net
# 45, issued today), then replies to Ingrid with its number, amount and due date.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

MAIL, CRM, FINANCE = 5001, 5110, 5140

with chromium() as b:
    mail = page_in(b, "Europe/Paris")
    log_in(mail, url(MAIL), "alice", "alice-pass")
    # Ingrid's newest mail in the thread (the inbox lists the newest first)
    mail.get_by_role("link", name="Re: Website redesign proposal").first.click()
    mail.wait_for_load_state()
    decision = main_text(mail)
    reply_url = mail.url
    print(decision[:1200])
    agreed = re.search(r"revised quote of USD ([\d,]+)", decision).group(1)
    days = int(re.search(r"payment terms are (\d+) days", decision).group(1))
    # the revised quote's lines, from Alice's own mail in Sent
    mail.goto(url(MAIL, "/"))
    mail.get_by_role("link", name="Sent", exact=True).first.click()
    mail.wait_for_load_state()
    mail.get_by_role("link", name="Re: Website redesign proposal").first.click()
    mail.wait_for_load_state()
    quote = main_text(mail)
    print(quote[:800])
    lines = re.findall(r"^- (.+?): USD ([\d,]+)$", quote, re.M)
    total = re.search(r"Total: USD (\d[\d,]*\d)", quote).group(1)
    assert total == agreed and lines, (total, agreed, lines)
    print("agreed", agreed, "lines", lines, "terms", days)

    crm = page_in(b, "Europe/Paris")
    log_in(crm, url(CRM), "alice", "alice-pass")
    crm.get_by_role("link", name="Deals").first.click()
    crm.wait_for_load_state()
    crm.get_by_role("link", name="Lindqvist Architects: website redesign").first.click()
    crm.wait_for_load_state()
    crm.get_by_label("Stage").select_option(label="Closed won")
    crm.get_by_label("Amount").fill(agreed.replace(",", ""))
    crm.get_by_role("button", name="Save deal").click()
    crm.wait_for_load_state()
    deal = main_text(crm)
    print("deal:", deal[:300].replace("\n", " | "))
    assert f"USD {agreed}.00" in deal and "Closed won" in deal, deal[:400]

    fin = page_in(b, "Europe/Paris")
    log_in(fin, url(FINANCE), "alice", "alice-pass")
    fin.get_by_role("link", name="Invoices").first.click()
    fin.wait_for_load_state()
    # the old-price draft: Lindqvist Architects, status Draft
    draft = fin.locator("main table tbody tr").filter(has_text="Lindqvist Architects").filter(has_text="Draft")
    assert draft.count() == 1, main_text(fin)
    draft.get_by_role("link").first.click()
    fin.wait_for_load_state()
    print("draft:", main_text(fin)[:400].replace("\n", " | "))
    fin.get_by_role("button", name="Void invoice…").click()
    fin.get_by_role("button", name="Yes, void invoice").click()
    fin.wait_for_load_state()
    print("voided:", main_text(fin)[:300].replace("\n", " | "))
    assert "Void" in main_text(fin)

    fin.get_by_role("link", name="Invoices").first.click()
    fin.wait_for_load_state()
    form = fin.get_by_role("form", name="New invoice")
    form.get_by_label("Direction").select_option(label="Issued (to a customer)")
    form.get_by_label("Customer or vendor").select_option(label="Lindqvist Architects (customer)")
    today = form.get_by_label("Issued on").input_value()
    form.get_by_label("Terms").select_option(label=f"Net {days}")
    for n, (what, price) in enumerate(lines, 1):
        form.get_by_label(f"Line {n} description").fill(what)
        form.get_by_label(f"Line {n} quantity").fill("1")
        form.get_by_label(f"Line {n} unit price").fill(price.replace(",", ""))
    form.get_by_label("Memo").fill(f"Website redesign as in the revised quote. Net {days}.")
    form.get_by_role("button", name="Approve…").click()
    fin.get_by_role("button", name="Yes, approve").click()
    fin.wait_for_load_state()
    invoice = main_text(fin)
    print("invoice:", today, invoice[:600].replace("\n", " | "))
    number = re.search(r"INV-\d+", invoice).group(0)
    amount = re.search(r"Total (USD [\d,.]+)", invoice).group(1)
    due = re.search(r"due (\w{3} \d{1,2} \w{3})", invoice).group(1)
    assert amount == f"USD {agreed}.00" and "Awaiting payment" in invoice, invoice[:600]

    mail.goto(reply_url)
    mail.get_by_role("link", name="Reply", exact=True).first.click()
    mail.wait_for_load_state()
    message = mail.get_by_label("Message", exact=True)
    year = today[:4]
    message.fill(
        f"Hi Ingrid,\n\nThank you, great news! The invoice is issued to Lindqvist Architects, accounts payable:\n\n"
        f"- Invoice number: {number}\n- Amount: {amount}\n- Due date: {due} {year} ({days} days from today)\n\n"
        "Looking forward to starting!\n" + message.input_value())
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print("sent:", main_text(mail)[:300].replace("\n", " | "))
    assert "sent" in main_text(mail).lower()
PY
