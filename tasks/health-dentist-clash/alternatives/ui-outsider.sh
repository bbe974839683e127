#!/usr/bin/env bash
# Through the web pages only: read the appointment's length and the dentist's hours in the
# health app, ask the calendar's "Find a time" for Alice alone from Thursday on at that length,
# take the first free time on the hour or half hour inside the dentist's hours, and reschedule
# the appointment on its own page.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

HEALTH, CAL = local_url(5007), local_url(5006)

with chromium() as browser:
    health = page_in(browser, "Europe/Paris")
    log_in(health, HEALTH, "alice", "alice-pass")
    health.goto(f"{HEALTH}/appointments")
    health.get_by_role("row", name=re.compile("Dental cleaning")).get_by_role("link", name=re.compile(r"^APT-")).click()
    appt = main_text(health)
    print(appt[:900])
    minutes = int(re.search(r"\((\d+) min\)", appt)[1])
    opens, closes = re.search(r"Hours\s+(\d\d:\d\d)-(\d\d:\d\d)", appt).groups()
    current = health.get_by_label(re.compile("New date and time")).input_value()
    thursday = current.split("T")[0]
    print("length", minutes, "open", opens, closes, "now booked", current)

    cal = page_in(browser, "Europe/Paris")
    log_in(cal, CAL, "alice", "alice-pass")
    cal.get_by_role("link", name="Find a time").click()
    cal.get_by_label("People (usernames or emails, comma separated)").fill("alice")
    cal.get_by_label("From").fill(thursday)
    cal.get_by_label("Days (1 to 31)").fill("7")
    cal.get_by_label("Meeting length (minutes)").fill(str(minutes))
    cal.get_by_role("button", name="Find a time").click()
    cal.wait_for_load_state()
    found = main_text(cal)
    print(found[:2500])
    hours = re.search(r"working hours \((\d\d:\d\d)–(\d\d:\d\d)\)", found)
    print("the search covers", hours.groups(), "; the dentist", opens, closes)
    choice = None
    for link in cal.get_by_role("link", name=re.compile(r"^New event on .*\(free \d\d:\d\d")).all():
        href = link.get_attribute("href")
        day = re.search(r"date=([\d-]+)", href)[1]
        start = re.search(r"start_time=(\d\d:\d\d)", href)[1]
        if start[3:] in ("00", "30") and opens <= start:
            end_h, end_m = divmod(int(start[:2]) * 60 + int(start[3:]) + minutes, 60)
            if f"{end_h:02d}:{end_m:02d}" <= closes:
                choice = f"{day}T{start}"
                break
    # the search starts at its working hours: a time before them (the dentist opens earlier) is
    # read from each day's own view, up to the day found
    def mins(hhmm):
        return int(hhmm[:2]) * 60 + int(hhmm[3:])

    if hours and mins(opens) < mins(hours[1]):
        from datetime import date, timedelta

        first, last = date.fromisoformat(thursday), date.fromisoformat(choice.split("T")[0])
        day = first
        while day <= last:
            cal.goto(f"{CAL}/day?date={day.isoformat()}")
            busy = [(mins(a), mins(b)) for title, a, b, note in re.findall(
                r"^(.+?), (\d\d:\d\d)–(\d\d:\d\d)(.*)$", main_text(cal), re.M)
                if "declined" not in note and "shown as free" not in note
                and "Dr. Sara Lindqvist" not in title]
            print(day, "busy", busy)
            start = mins(opens)
            while start + minutes <= mins(hours[1]) + minutes and start < mins(hours[1]):
                if all(start + minutes <= a or start >= b for a, b in busy):
                    early = f"{day.isoformat()}T{start // 60:02d}:{start % 60:02d}"
                    if early < choice:
                        choice = early
                    break
                start += 30
            day += timedelta(days=1)
    print("reschedule to", choice)

    health.get_by_label(re.compile("New date and time")).fill(choice)
    health.get_by_label("Duration (minutes)").fill(str(minutes))
    health.get_by_role("button", name="Reschedule this appointment").click()
    health.wait_for_load_state()
    print(main_text(health)[:600])
PY
