#!/usr/bin/env bash
# Through the web pages only: Tom's ticket (found by his address in the ticket filters) gives his
# latest availability in his last comment; the calendar's week listing shows Alice's events in
# those windows; the first free half hour is booked with the "New event" form (Tom as guest), then
# the ticket is answered with a public reply submitted as On hold.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

H, C = url(5100), url(5006)
with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, H, "alice", "alice-pass")
    page.goto(H + "/")
    page.get_by_label("Requester email").fill("tom.becker@northwind.example")
    page.get_by_role("button", name="Filter tickets").click()
    page.wait_for_load_state()
    page.get_by_role("link", name=re.compile("Screen sharing")).click()
    page.wait_for_load_state()
    ticket = page.url
    text = main_text(page)
    thread = text[: text.find("Reply type")]
    print(thread)
    last = thread.split("Tom Becker")[-1]
    # "Thursday 12 March between 10:00 and 12:00, or Friday 13 March between 15:00 and 17:00"
    windows = re.findall(r"(\w+day) (\d+) March between (\d\d):(\d\d) and (\d\d):(\d\d)", last)
    print("windows", windows)
    email = re.search(r"Requester\s+Tom Becker\s+(\S+@\S+)", text)[1]

    log_in(page, C, "alice", "alice-pass")
    page.goto(C + "/")
    week = main_text(page)
    busy = {}  # weekday -> [(start, end)]
    for s, e, day in re.findall(r"(\d\d:\d\d)–(\d\d:\d\d)\n(?:\(.*\)\n)?on (\w+day)", week):
        busy.setdefault(day, []).append((s, e))
    print("busy", busy)

    def mins(hm):
        h, m = hm.split(":")
        return int(h) * 60 + int(m)

    slot = None
    for day, date, h1, m1, h2, m2 in windows:
        start, end = int(h1) * 60 + int(m1), int(h2) * 60 + int(m2)
        t = start
        while t + 30 <= end and slot is None:
            if all(t + 30 <= mins(s) or t >= mins(e) for s, e in busy.get(day, [])):
                slot = (day, int(date), t)
            t += 30
        if slot:
            break
    print("slot", slot)
    day, date, t = slot
    start = f"{t // 60:02d}:{t % 60:02d}"
    end = f"{(t + 30) // 60:02d}:{(t + 30) % 60:02d}"

    page.get_by_role("link", name="New event").click()
    page.wait_for_load_state()
    page.get_by_label("Title").fill("Call with Tom Becker: Harbour room screen sharing (TK-1052)")
    page.get_by_label("Date", exact=True).fill(f"2026-03-{date:02d}")
    page.get_by_label("Start").fill(start)
    page.get_by_label("End", exact=True).fill(end)
    page.get_by_label("Time zone").select_option("America/New_York")
    page.get_by_label("Location").fill("Phone / video call")
    page.get_by_label("Guests (usernames or emails, comma separated)").fill(email)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    print(main_text(page)[:600])

    page.goto(ticket)
    page.get_by_label("Public reply").check()
    page.get_by_label("Comment", exact=True).fill(
        f"Hi Tom, I have booked our 30-minute call about the screen sharing in the Harbour room "
        f"for {day} {date} March, {start}-{end} New York time. You will get a calendar invitation.\n\nAlice"
    )
    page.get_by_label("Submit as").select_option(label="On hold")
    page.get_by_role("button", name="Send comment").click()
    page.wait_for_load_state()
    print(main_text(page)[:400])
PY
