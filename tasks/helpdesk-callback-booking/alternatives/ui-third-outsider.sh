#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-07): reads Tom's latest
# availability on TK-1052, asks the calendar's Find a time for a free half hour inside it, books
# the call with Tom invited, then answers him publicly on the ticket and puts it on hold.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted.
set -euo pipefail
python3 - <<'PY'
import datetime
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

HELPDESK, CALENDAR = 5100, 5006
MONTHS = {m: i for i, m in enumerate(["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"], 1)}

with chromium() as b:
    hd = page_in(b, "America/New_York")
    log_in(hd, url(HELPDESK), "alice", "alice-pass")
    hd.goto(url(HELPDESK, "/tickets/TK-1052"))
    text = main_text(hd)
    year = int(re.search(r"Today: \w+ \d+ \w+ (\d{4})", hd.locator("body").inner_text()).group(1))
    email = re.search(r"[\w.+-]+@northwind\.example", text).group(0)
    # the requester's comments, newest last: the latest one that gives times is what counts
    comments = hd.get_by_role("article").filter(has_text="Requester's comment").all()
    latest = comments[-1].inner_text() if comments else text
    windows = [
        (datetime.date(year, MONTHS[mon], int(day)), start, end)
        for day, mon, start, end in re.findall(
            r"(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December)"
            r" between (\d\d:\d\d) and (\d\d:\d\d)", latest)
    ]
    print("email", email, "windows", windows)
    assert windows, f"no availability found in: {latest!r}"

    cal = page_in(b, "America/New_York")
    log_in(cal, url(CALENDAR), "alice", "alice-pass")
    slot = None
    for day, start, end in windows:
        cal.goto(url(CALENDAR, "/find-a-time"))
        cal.get_by_label("People (usernames or emails, comma separated)").fill("alice")
        cal.get_by_label("From", exact=True).fill(day.isoformat())
        cal.get_by_label("Days (1 to 31)").fill("1")
        cal.get_by_label("Meeting length (minutes)").fill("30")
        cal.get_by_label("Working day starts at").fill(start)
        cal.get_by_label("Working day ends at").fill(end)
        cal.get_by_role("button", name="Find a time").click()
        cal.wait_for_load_state()
        found = main_text(cal)
        found = found[found.find("Times when"):]
        print(found[:600])
        m = re.search(r"\((\d\d:\d\d)–(\d\d:\d\d) in America/New_York\)", found)
        if m:
            slot = (day, m.group(1), m.group(2))
            break
    assert slot, "no free half hour in Tom's availability"
    day, start, end = slot
    print("slot", slot)

    cal.goto(url(CALENDAR, "/events/new"))
    cal.get_by_label("Title", exact=True).fill("Call with Tom Becker (TK-1052)")
    cal.get_by_label("Date", exact=True).fill(day.isoformat())
    cal.get_by_label("Start", exact=True).fill(start)
    cal.get_by_label("End", exact=True).fill(end)
    cal.get_by_label("Time zone").select_option(label="America/New_York")
    cal.get_by_label("Guests (usernames or emails, comma separated)").fill(email)
    cal.get_by_label("Description").fill("Screen sharing drops in the Harbour meeting room (TK-1052).")
    cal.get_by_role("button", name="Create event").click()
    cal.wait_for_load_state()
    shown = main_text(cal)
    print("event:", shown[:400].replace("\n", " | "))
    assert "Call with Tom Becker" in shown, shown[:500]

    when = f"{day.strftime('%A')} {day.day} {day.strftime('%B')} at {start}–{end} (New York time)"
    hd.goto(url(HELPDESK, "/tickets/TK-1052"))
    hd.get_by_role("radio", name="Public reply").check()
    hd.get_by_label("Comment", exact=True).fill(
        f"Hi Tom,\n\nI have booked our 30-minute call for {when}; the invitation is in your inbox."
        " You can show me what happens with the screen sharing in the Harbour room then.\n\nAlice")
    hd.get_by_label("Submit as").select_option(label="On hold")
    hd.get_by_role("button", name="Send comment").click()
    hd.wait_for_load_state()
    after = main_text(hd)
    print("ticket:", after[:600].replace("\n", " | "))
    assert "Status: On hold" in after, after[:600]
PY
