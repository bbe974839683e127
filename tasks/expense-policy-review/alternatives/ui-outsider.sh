#!/usr/bin/env bash
# Through the pages only: the Review page's submitted team reports; each report's page flags
# every expense "over limit" (amounts converted to USD at the company's rates); a report with
# none is approved, one with some is rejected naming those merchants, with the report page's forms.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(5005), "bob", "bob-pass")
    page.goto(url(5005, "/"))
    page.get_by_role("link", name="Review", exact=True).click()
    page.wait_for_load_state()
    page.get_by_label("Status").select_option(label="Submitted")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_load_state()
    links = page.get_by_role("link", name=re.compile(r"^EXP-\d+$"))
    reports = {l.inner_text().strip(): l.get_attribute("href") for l in links.all()}
    print("waiting:", reports)
    for code, href in reports.items():
        page.goto(url(5005, href))
        text = main_text(page)
        if "Approval pending" not in text:
            print(code, "not waiting:", text[:200])
            continue
        table = page.get_by_role("table").filter(has_text="Merchant").first
        over = []
        for row in table.get_by_role("row").all()[1:]:
            cells = [c.strip() for c in row.get_by_role("cell").all_inner_texts()]
            print(code, cells)
            if any(c.startswith("over limit") for c in cells):
                over.append(cells[1].split(" · ")[0])
        if over:
            page.get_by_label("Reason", exact=True).fill(
                "Over the per-item policy limit: " + ", ".join(over)
                + ". Please bring these within the limit and submit again."
            )
            page.get_by_role("button", name="Reject", exact=True).click()
        else:
            page.get_by_role("button", name="Approve", exact=True).click()
        page.wait_for_load_state()
        notice = page.get_by_role("alert")
        print(code, "->", notice.first.inner_text() if notice.count() else main_text(page)[:200])
PY
