#!/usr/bin/env bash
# Through the web pages only: Maria's mail, then the calendar's event search over the past
# weeks (the last reviews were in two rooms, so "the usual room" is ambiguous); she is asked by
# Reply which room, her answer read from the inbox, and the review booked at the room and time
# she gives with the "New event" form, her address as guest.
set -euo pipefail
python3 - <<'PY'
import re
import time
from datetime import datetime, timedelta

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

E, C = url(5001), url(5006)
with chromium() as browser:
    mail = page_in(browser, "America/New_York")
    cal = browser.contexts[0].new_page()
    log_in(mail, E, "alice", "alice-pass")
    log_in(cal, C, "alice", "alice-pass")

    mail.goto(E + "/?folder=inbox")
    mail.get_by_role("link", name=re.compile(r"^(Unread, )?Maria")).first.click()
    mail.wait_for_load_state()
    text = main_text(mail)
    ask = text[text.find("Maria Rossi <") : text.find("Reply Reply all")]
    print(ask)
    address = re.search(r"Maria Rossi <([^>]+)>", ask)[1]

    cal.goto(C + "/search")
    cal.get_by_label("Words in the title, description or location").fill("vendor review")
    cal.get_by_label("From").fill("2026-01-01")
    cal.get_by_label("Days (1 to 366)").fill("90")
    cal.get_by_role("button", name="Search").click()
    cal.wait_for_load_state()
    found = main_text(cal)
    rooms = list(dict.fromkeys(re.findall(r"\t(\w+ room[^\t]*)\t", found)))
    print("past rooms", rooms)

    mail.get_by_role("link", name="Reply", exact=True).click()
    mail.wait_for_load_state()
    box = mail.get_by_label("Message", exact=True)
    question = (
        "Hi Maria,\n\nhappy to set it up. Which room do you mean by the usual room? Our last "
        f"reviews were in the {rooms[0]} and then in the {rooms[-1]}.\n\nAlice"
    )
    box.fill(question + "\n\n" + box.input_value())
    mail.get_by_role("button", name="Send", exact=True).click()
    mail.wait_for_load_state()

    answer = None
    for _ in range(20):
        mail.goto(E + "/?folder=inbox")
        rows = re.findall(r"Select “([^”]*)” from Maria Rossi", mail.locator("main").aria_snapshot())
        if len(rows) > 1:
            mail.get_by_role("link", name=re.compile(r"^(Unread, )?Maria")).first.click()
            mail.wait_for_load_state()
            text = main_text(mail)
            answer = text[text.find("Maria Rossi <") : text.find("Reply Reply all")].split("wrote:")[0]
            break
        time.sleep(1)
    print("MARIA:", answer)
    room = next(r for r in rooms if r.split()[0] in answer)
    times = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", answer) or re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", ask)
    start, end = times[1], times[2]

    cal.goto(C + "/events/new")
    # "Thursday": the one of this week, from the header's "Today: Mon 9 Mar 2026, 10:00 (EDT)"
    today = datetime.strptime(re.search(r"Today: \w{3} (\d+ \w{3} \d{4})", cal.locator("header, [role=banner]").first.inner_text())[1], "%d %b %Y").date()
    thursday = today + timedelta(days=(3 - today.weekday()) % 7)
    cal.get_by_label("Title").fill("Northwind vendor review")
    cal.get_by_label("Date", exact=True).fill(thursday.isoformat())
    cal.get_by_label("Start").fill(start)
    cal.get_by_label("End", exact=True).fill(end)
    cal.get_by_label("Time zone").select_option("America/New_York")
    cal.get_by_label("Location").fill(room)
    cal.get_by_label("Guests (usernames or emails, comma separated)").fill(address)
    cal.get_by_role("button", name="Create event").click()
    cal.wait_for_load_state()
    print(main_text(cal)[:500])
PY
