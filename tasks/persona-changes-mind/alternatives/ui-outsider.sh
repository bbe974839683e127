#!/usr/bin/env bash
# Through the web pages only: Tom's mail answered with Reply (the question on top of the quote),
# his answer read from the inbox, the call booked with the calendar's "New event" form (Tom as
# guest) and confirmed by a reply; his next answer moves it (the event's Edit event form), and
# the new time is confirmed, until his reply asks for nothing more.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

E, C = url(5001), url(5006)
DAYS = r"(Monday|Tuesday|Wednesday|Thursday|Friday) (\d+) March at (\d\d):(\d\d)"

with chromium() as browser:
    mail = page_in(browser, "America/New_York")
    cal = browser.contexts[0].new_page()
    log_in(mail, E, "alice", "alice-pass")
    log_in(cal, C, "alice", "alice-pass")

    def reply_to_latest_from_tom(text):
        mail.goto(E + "/?folder=inbox")
        mail.get_by_role("link", name=re.compile(r"^(Unread, )?Tom Becker")).first.click()
        mail.wait_for_load_state()
        mail.get_by_role("link", name="Reply", exact=True).click()
        mail.wait_for_load_state()
        box = mail.get_by_label("Message", exact=True)
        box.fill(text + "\n\n" + box.input_value())
        mail.get_by_role("button", name="Send", exact=True).click()
        mail.wait_for_load_state()

    def tom_says(seen):
        for _ in range(20):
            mail.goto(E + "/?folder=inbox")
            rows = re.findall(r"Select “([^”]*)” from Tom Becker", mail.locator("main").aria_snapshot())
            if len(rows) > seen:
                mail.get_by_role("link", name=re.compile(r"^(Unread, )?Tom Becker")).first.click()
                mail.wait_for_load_state()
                text = main_text(mail)
                said = text[text.find("Tom Becker <") :]
                said = said[: said.find("Reply Reply all")]
                print("TOM:", said[:500])
                return len(rows), said
            time.sleep(1)
        raise AssertionError("Tom did not answer")

    seen, first = tom_says(0)
    reply_to_latest_from_tom(
        "Hi Tom,\n\nhappy to. What time suits you this week for a 30-minute call on the Q2 budget?\n\nAlice"
    )
    seen, said = tom_says(seen)
    when = re.search(DAYS, said.split("wrote:")[0])
    day, date, hh, mm = when[1], int(when[2]), when[3], when[4]
    end = f"{hh}:{int(mm) + 30:02d}" if int(mm) < 30 else f"{int(hh) + 1:02d}:{int(mm) - 30:02d}"

    cal.goto(C + "/events/new")
    cal.get_by_label("Title").fill("Q2 budget review")
    cal.get_by_label("Date", exact=True).fill(f"2026-03-{date:02d}")
    cal.get_by_label("Start").fill(f"{hh}:{mm}")
    cal.get_by_label("End", exact=True).fill(end)
    cal.get_by_label("Time zone").select_option("America/New_York")
    cal.get_by_label("Guests (usernames or emails, comma separated)").fill("tom@example.test")
    cal.get_by_role("button", name="Create event").click()
    cal.wait_for_load_state()
    event = cal.url
    print(main_text(cal)[:300])
    reply_to_latest_from_tom(
        f"Hi Tom,\n\nbooked: Q2 budget review on {day} {date} March at {hh}:{mm} (30 minutes). "
        "The invitation is in your calendar.\n\nAlice"
    )
    for _ in range(3):
        seen, said = tom_says(seen)
        latest = said.split("wrote:")[0]
        moved = re.search(DAYS, latest)
        if not moved or (moved[2], moved[3], moved[4]) == (str(date), hh, mm):
            break  # settled: he asks for nothing else
        day, date, hh, mm = moved[1], int(moved[2]), moved[3], moved[4]
        end = f"{hh}:{int(mm) + 30:02d}" if int(mm) < 30 else f"{int(hh) + 1:02d}:{int(mm) - 30:02d}"
        cal.goto(event)
        cal.get_by_text("Edit event", exact=True).click()
        form = cal.locator("form").filter(has=cal.get_by_role("button", name="Save event"))
        form.get_by_label("Date").fill(f"2026-03-{date:02d}")
        form.get_by_label("Start").fill(f"{hh}:{mm}")
        form.get_by_label("End", exact=True).fill(end)
        form.get_by_role("button", name="Save event").click()
        cal.wait_for_load_state()
        print(main_text(cal)[:300])
        reply_to_latest_from_tom(
            f"Hi Tom,\n\nno problem: I have moved the Q2 budget review to {day} {date} March at "
            f"{hh}:{mm} (30 minutes). The updated invitation is in your calendar.\n\nAlice"
        )
PY
