#!/usr/bin/env bash
# Through the pages only: the delay notice in the webmail gives the new landing time; the
# calendar's week view shows the meeting after landing; its "Edit event" form moves it; the
# webmail's compose form tells its guests.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    mail = page_in(browser, "Europe/London")
    log_in(mail, url(5001), "alice", "alice-pass")
    mail.goto(url(5001, "/?folder=inbox"))
    mail.get_by_role("link", name=re.compile(r"delayed", re.I)).first.click()
    notice = main_text(mail)
    print(notice)
    scheduled = re.search(r"Scheduled arrival: (\d\d:\d\d)", notice)[1]
    landing = re.search(r"New estimated arrival: (\d\d:\d\d)", notice)[1]
    day_name = re.search(r"tomorrow, (\w+day)", notice)[1]

    cal = page_in(browser, "Europe/London")
    log_in(cal, url(5006), "alice", "alice-pass")
    cal.goto(url(5006, "/"))
    links = cal.get_by_role("link", name=re.compile(rf", (\d\d:\d\d)–(\d\d:\d\d),.* {day_name},"))
    meeting = None
    for i in range(links.count()):
        name = links.nth(i).get_attribute("aria-label") or links.nth(i).inner_text()
        times = re.search(r"(\d\d:\d\d)–(\d\d:\d\d)", name)
        print("event:", name)
        if times and times[1] >= scheduled and "Flight" not in name:
            if meeting is None or times[1] < meeting[1]:
                meeting = (links.nth(i), times[1], times[2], name)
    assert meeting, "no meeting after landing"
    link, start, end, name = meeting
    print("meeting:", name)
    cal.goto(url(5006, link.get_attribute("href")))
    fmt = "%H:%M"
    length = datetime.strptime(end, fmt) - datetime.strptime(start, fmt)
    new_start = datetime.strptime(landing, fmt) + timedelta(hours=2)
    new_end = new_start + length
    guests = re.findall(r"Remove guest ([^\s\"]+@[^\s\"]+)", cal.locator("main").aria_snapshot())
    title = cal.get_by_role("heading", level=1).inner_text()
    when = re.search(r"When: (.*?) \d\d:\d\d", main_text(cal))[1]
    print("guests:", guests, "when:", when)
    cal.get_by_text("Edit event", exact=True).click()
    cal.get_by_label("Start", exact=True).fill(new_start.strftime(fmt))
    cal.get_by_label("End", exact=True).fill(new_end.strftime(fmt))
    cal.get_by_role("button", name="Save event").click()
    cal.wait_for_load_state()
    print(main_text(cal)[:600])

    mail.goto(url(5001, "/compose"))
    mail.get_by_label("To (comma separated)").fill(", ".join(guests))
    mail.get_by_label("Subject").fill(f"{title} moved to {new_start:%H:%M} on {when}")
    mail.get_by_label("Message").fill(
        f"Hello,\n\nMy flight home is delayed, so I have moved our meeting \"{title}\": it now "
        f"starts at {new_start:%H:%M} (London time) on {when} and ends at {new_end:%H:%M}, same "
        "place.\n\nSorry for the change,\nAlice"
    )
    mail.get_by_role("button", name="Send").click()
    mail.wait_for_load_state()
    print(main_text(mail)[:400])
PY
