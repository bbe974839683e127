#!/usr/bin/env bash
# Through the web pages only: for each invitation not yet answered, open the event and read its
# "Conflicts" (which leave out time marked free); decline it when Alice is busy then, accept it
# otherwise, with the invitations page's buttons.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL = local_url(5006)

with chromium() as browser:
    page = page_in(browser, "Europe/Berlin")
    log_in(page, CAL, "alice", "alice-pass")
    page.get_by_role("link", name="Invitations", exact=True).click()
    pending = []
    for row in page.get_by_role("row").all()[1:]:
        cells = row.get_by_role("cell").all_inner_texts()
        if len(cells) >= 4 and cells[3].strip() == "Needs action":
            link = row.get_by_role("link").first
            pending.append((cells[0].strip(), link.inner_text().strip(), link.get_attribute("href")))
    print("pending", pending)
    answers = {}
    for when, title, href in pending:
        page.goto(CAL + href)
        text = main_text(page)
        clashes = re.findall(r"You are busy with .+", text)
        answers[(title, when)] = "Decline" if clashes else "Accept"
        print(title, when, clashes, "->", answers[(title, when)])
    for (title, when), answer in answers.items():
        page.goto(f"{CAL}/invitations")
        page.get_by_role("button", name=f"{answer}: {title}, {when}").click()
        page.wait_for_load_state()
        print(main_text(page)[:120].replace("\n", " | "))
PY
