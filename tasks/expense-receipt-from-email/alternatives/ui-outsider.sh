#!/usr/bin/env bash
# Through the web pages only: the Adlon mails' attachments opened in the webmail (their text
# shown on the attachment's page) until the one whose guest is Alice; its PDF downloaded by the
# page's Download link; in the expense app, the ITB draft's hotel row gets the file through its
# "Receipt file for ..." picker and Attach, the item's Edit form the invoice's total, currency and
# date, and the report is submitted for approval.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

E, X = url(5001), url(5005)
MONTHS = {"January": 1, "February": 2, "March": 3, "April": 4}
with chromium() as browser:
    page = page_in(browser)
    log_in(page, E, "alice", "alice-pass")
    page.goto(E + "/?folder=inbox")
    rows = page.get_by_role("link", name=re.compile(r"Adlon"))
    hrefs = [h for h in dict.fromkeys(r.get_attribute("href") for r in rows.all()) if h and re.match(r"^/messages/\d+$", h)]
    invoice = None
    for href in hrefs:
        page.goto(E + href)
        opens = page.get_by_role("link", name=re.compile(r"^Open .*\.pdf$"))
        if not opens.count():
            continue
        opens.first.click()
        page.wait_for_load_state()
        text = main_text(page)
        print(text[text.find("Hotel Adlon") :][:700])
        if re.search(r"Guest: Ms Alice Martin", text):
            invoice = text
            break
    assert invoice, "no invoice of Alice's"
    total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d,]+\.\d\d)", invoice)
    currency, amount = total[1], total[2].replace(",", "")
    d = re.search(r"Invoice date: (\d+) (\w+) (\d{4})", invoice)
    date = f"{d[3]}-{MONTHS[d[2]]:02d}-{int(d[1]):02d}"
    print("invoice", currency, amount, date)
    with page.expect_download() as got:
        page.get_by_role("link", name=re.compile(r"^Download .*\.pdf$")).click()
    download = got.value
    path = f"/tmp/{download.suggested_filename}"
    download.save_as(path)

    log_in(page, X, "alice", "alice-pass")
    page.goto(X + "/")
    reports = main_text(page)
    code = re.search(r"(EXP-\d+)\nDraft\n\nITB", reports)[1]
    page.get_by_role("link", name=code, exact=True).first.click()
    page.wait_for_load_state()
    report = page.url
    page.get_by_label(re.compile(r"^Receipt file for Hotel Adlon Kempinski, ")).set_input_files(path)
    page.get_by_role("button", name=re.compile(r"^Attach receipt for Hotel Adlon")).click()
    page.wait_for_load_state()
    print(main_text(page)[:300])
    page.get_by_role("link", name=re.compile(r"^Edit Hotel Adlon")).click()
    page.wait_for_load_state()
    page.get_by_label("Date").fill(date)
    page.get_by_label("Amount").fill(amount)
    page.get_by_label("Currency").select_option(label=currency)
    page.get_by_label("Category").select_option(label=re.sub(r"\s*$", "", [o for o in page.get_by_label("Category").locator("option").all_inner_texts() if o.startswith("Lodging")][0]))
    page.get_by_role("button", name="Save expense").click()
    page.wait_for_load_state()
    print(main_text(page)[:400])
    page.goto(report)
    page.get_by_role("button", name="Submit for approval").click()
    page.wait_for_load_state()
    dialog = page.get_by_role("dialog")
    if dialog.count() and dialog.first.is_visible():
        print("dialog:", dialog.first.inner_text())
        dialog.first.get_by_role("button", name=re.compile(r"^(Yes|Submit)")).click()
        page.wait_for_load_state()
    print(main_text(page)[:1200])
PY
