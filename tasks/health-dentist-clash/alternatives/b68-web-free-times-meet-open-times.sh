#!/bin/bash
# alternative (web pages only, both sites): reads the cleaning's day and length on its health page, asks the calendar's Find a time for Alice alone from that Thursday in the clinic's hours, then, day by day, shows the clinic's open times on the health page and presses the first "Move to ..." button that is also a free time in the calendar.
set -euo pipefail
python3 - <<'PY'
import datetime
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in, past_outages

HEALTH, CALENDAR = 5007, 5006
with chromium() as browser:
    health, cal = page_in(browser, "Europe/Paris"), page_in(browser, "Europe/Paris")
    log_in(health, local_url(HEALTH), "alice", "alice-pass")
    log_in(cal, local_url(CALENDAR), "alice", "alice-pass")
    health.goto(local_url(HEALTH, "/appointments"))
    cleaning = next(row for row in health.locator("main tr").all() if "Dental cleaning" in row.inner_text())
    cleaning.locator("a", has_text=re.compile(r"APT-\d+")).first.click()
    health.wait_for_load_state()
    first_day = health.get_by_label(re.compile(r"^New date and time")).input_value()[:10]
    minutes = health.get_by_label("Duration (minutes)").input_value()
    hours = re.search(r"Hours\s+(\d\d:\d\d)-(\d\d:\d\d)", main_text(health))
    print("cleaning on", first_day, minutes, "min; clinic hours", hours[1], hours[2])

    cal.goto(local_url(CALENDAR, "/find-a-time"))
    past_outages(cal)
    cal.get_by_label("People (usernames or emails, comma separated)").fill("alice")
    cal.get_by_label("From", exact=True).fill(first_day)
    cal.get_by_label("Days (1 to 31)").fill("14")
    cal.get_by_label("Meeting length (minutes)").fill(minutes)
    cal.get_by_label("Working day starts at").fill(hours[1])
    cal.get_by_label("Working day ends at").fill(hours[2])
    cal.get_by_role("button", name="Find a time").click()
    cal.wait_for_load_state()
    past_outages(cal)
    free: dict[str, set[str]] = {}
    for link in cal.get_by_role("link", name=re.compile(r"^New event on ")).all():
        name = link.get_attribute("aria-label") or link.inner_text()
        said = re.search(r"New event on (\w{3} \d+ \w{3}) \(free (\d\d:\d\d)", name)
        if said:
            free.setdefault(said[1], set()).add(said[2])
    print("free in the calendar:", {day: sorted(times) for day, times in free.items()})

    day = datetime.date.fromisoformat(first_day)
    for _ in range(14):
        words = f"{day:%a} {day.day} {day:%b}"
        if words in free:
            health.get_by_label("Day", exact=True).fill(day.isoformat())
            health.get_by_role("button", name="Show open times").click()
            health.wait_for_load_state()
            for button in health.get_by_role("button", name=re.compile(rf"^Move to \d\d:\d\d on {words}$")).all():
                time_of_day = re.search(r"Move to (\d\d:\d\d)", button.get_attribute("aria-label"))[1]
                if time_of_day in free[words] and time_of_day[3:] in ("00", "30"):
                    print("pressing", button.get_attribute("aria-label"))
                    button.click()
                    health.wait_for_load_state()
                    print(main_text(health)[:400].replace("\n", " | "))
                    raise SystemExit(0)
        day += datetime.timedelta(days=1)
    raise SystemExit("no time both free and open in two weeks")
PY
