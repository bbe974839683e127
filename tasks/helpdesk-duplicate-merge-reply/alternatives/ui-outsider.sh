#!/usr/bin/env bash
# Through the helpdesk's pages only: the ticket list shows Maria's two tickets on the PDF export;
# the newer one's "Merge ticket…" dialog merges it into the first; on the kept ticket Carol's
# internal note gives the date and the workaround, the properties form takes the ticket, raises
# it and adds the tag, and the composer sends the public reply as Pending.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, url(5100), "alice", "alice-pass")
    page.goto(url(5100, "/"))
    rows = page.get_by_role("row").filter(has_text="Maria Gonzalez").filter(has_text=re.compile("PDF", re.I))
    found = []
    for i in range(rows.count()):
        text = rows.nth(i).inner_text()
        code = re.search(r"TK-\d+", text)[0]
        status = text.split()[0]
        print(repr(text))
        if status not in ("Solved", "Closed") and re.search(r"export", text, re.I):
            found.append(code)
    found.sort(key=lambda c: int(c[3:]))
    first, newer = found[0], found[-1]
    print("keep", first, "merge", newer)

    page.goto(url(5100, f"/tickets/{newer}"))
    page.get_by_role("button", name="Merge ticket…").click()
    page.get_by_label("Merge into ticket").fill(first)
    page.get_by_role("button", name="Yes, merge ticket").click()
    page.wait_for_load_state()
    print(main_text(page)[:300])

    page.goto(url(5100, f"/tickets/{first}"))
    text = main_text(page)
    note = text[text.find("Reproduced") :]
    print("note:", note[:700])
    day = re.search(r"on (\w+day \d+ \w+)", note)[1]
    page.get_by_label("Assignee").select_option(label="Alice Martin (Tier 1 Support)")
    page.get_by_label("Priority").select_option(label="High")
    tags = page.get_by_label("Tags (comma separated)")
    tags.fill(tags.input_value().rstrip(", ") + ", month-end")
    page.get_by_role("button", name="Save ticket").click()
    page.wait_for_load_state()
    print(main_text(page)[:400])

    page.goto(url(5100, f"/tickets/{first}"))
    page.get_by_label("Public reply").check()
    page.get_by_label("Comment", exact=True).fill(
        "Hi Maria,\n\nI'm taking over your ticket while Grace is away, and I've merged your new "
        "request into this one so everything stays in one place.\n\n"
        f"Our technical team has found the problem, and the fix goes out on {day}. Until then you "
        "can still make PDFs of your invoices: open the invoice, press Print and choose 'Save as "
        "PDF' in your browser's print dialog.\n\nCould you let me know whether that works for "
        "your month-end invoices?\n\nAlice"
    )
    page.get_by_label("Submit as").select_option(label="Pending")
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    print(main_text(page)[:600])
PY
