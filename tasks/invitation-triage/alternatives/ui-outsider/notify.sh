#!/usr/bin/env bash
# Through the web pages only: list the declined invitations on the calendar's invitations page,
# read each one's organizer on its event page, and mail each organizer from the webmail about
# that meeting alone.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CAL, MAIL = local_url(5006), local_url(5001)

with chromium() as browser:
    cal = page_in(browser, "Europe/Berlin")
    log_in(cal, CAL, "alice", "alice-pass")
    cal.get_by_role("link", name="Invitations", exact=True).click()
    cal.get_by_label("Show").select_option(label="Declined")
    cal.get_by_role("button", name="Show", exact=True).click()
    cal.wait_for_load_state()
    declined = []
    for row in cal.get_by_role("row").all()[1:]:
        cells = row.get_by_role("cell").all_inner_texts()
        if len(cells) >= 4 and cells[3].strip() == "Declined":
            link = row.get_by_role("link").first
            declined.append((cells[0].strip(), link.inner_text().strip(), link.get_attribute("href")))
    print("declined", declined)

    mail = page_in(browser, "Europe/Berlin")
    log_in(mail, MAIL, "alice", "alice-pass")
    for when, title, href in declined:
        cal.goto(CAL + href)
        organizer = re.search(r"Organizer: (.+?) <([^>]+)>", main_text(cal))
        first = organizer[1].split()[0]
        print(title, "organizer", organizer[1], organizer[2])
        mail.goto(f"{MAIL}/compose")
        mail.get_by_label("To (comma separated)").fill(organizer[2])
        mail.get_by_label("Subject").fill(f"Can't attend: {title}")
        mail.get_by_label("Message").fill(
            f"Hi {first},\n\nThank you for the invitation to \"{title}\" ({when}). I'm sorry, "
            "I cannot attend: it clashes with something already in my calendar, so I have "
            "declined it.\n\nBest,\nAlice"
        )
        mail.get_by_role("button", name="Send").click()
        mail.wait_for_load_state()
        print(main_text(mail)[:150].replace("\n", " | "))
PY
