#!/usr/bin/env bash
# Through the pages only: the calendar's Invitations page filtered to "Declined" names each
# declined meeting; its event page names the organizer's address; the webmail's Compose form
# sends each organizer one short note about that meeting alone.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL = int(os.environ.get("CAL_PORT", "5006"))
MAIL = int(os.environ.get("MAIL_PORT", "5001"))

with chromium() as browser:
    page = page_in(browser)
    log_in(page, local_url(CAL), "alice", "alice-pass")
    page.goto(local_url(CAL, "/invitations"))
    page.get_by_role("combobox", name="Show").select_option(label="Declined")
    page.get_by_role("button", name="Show", exact=True).click()
    page.wait_for_load_state()
    declined = []
    for row in page.locator("main").get_by_role("row").all():
        links = row.get_by_role("link")
        if links.count():
            declined.append((links.first.inner_text().strip(), row.get_by_role("cell").first.inner_text().strip(), links.first.get_attribute("href")))
    print("declined:", declined)
    notes = []
    for title, when, href in declined:
        page.goto(local_url(CAL, href))
        text = main_text(page)
        who = re.search(r"Organizer:\s*(.*?)\s*<([^>]+)>", text)
        assert who, text[:500]
        notes.append((title, when, who[1], who[2]))
    log_in(page, local_url(MAIL), "alice", "alice-pass")
    for title, when, name, address in notes:
        page.goto(local_url(MAIL, "/compose"))
        page.get_by_role("textbox", name=re.compile("^To")).fill(address)
        page.get_by_role("textbox", name="Subject").fill(f"Declined: {title}")
        first = name.split()[0]
        page.get_by_role("textbox", name="Message").fill(
            f"Hi {first},\n\nI'm sorry, I cannot attend \"{title}\" ({when}) because of a clash "
            "in my calendar, so I have declined the invitation.\n\nBest,\nAlice"
        )
        page.get_by_role("button", name="Send").click()
        page.wait_for_load_state()
        print("sent to", address, "|", main_text(page)[:200])
PY
