#!/usr/bin/env bash
# Through the web pages only: read the cancellation, move the booking on its own page to the
# earliest same-day flight with seats left (reviewed, then confirmed in the dialog), waiting as
# the busy and outage pages ask, and mail Bob the new flight and its London landing time.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url, log_in, main_text, page_in, past_outages

AIR, MAIL = local_url(5000), local_url(5001)


def busy(page) -> bool:
    """Wait as a busy or unavailable page asks; True when the page was one."""
    text = page.locator("body").inner_text()
    if re.search(r"too many requests|unavailable|try again", text, re.I):
        wait = re.search(r"(\d+) seconds?", text)
        time.sleep(int(wait[1]) if wait else 2)
        return True
    return False


with chromium() as browser:
    webmail = page_in(browser, "Europe/Paris")
    log_in(webmail, MAIL, "alice", "alice-pass")
    row = webmail.get_by_role("row", name=re.compile("flight LC214 tomorrow is cancelled"))
    row.get_by_role("link").first.click()
    mail = main_text(webmail)
    ref = re.search(r"booking ([A-Z0-9]{6})", mail)[1]
    print("booking", ref)

    page = page_in(browser, "Europe/Paris")
    log_in(page, AIR, "alice", "alice-pass")
    for _ in range(10):
        page.goto(f"{AIR}/bookings/{ref}")
        past_outages(page)
        if not busy(page):
            break
    choices = page.get_by_label("New outbound flight")
    options = choices.locator("option").all_inner_texts()
    print("\n".join(options))
    day = re.search(r"Outbound\s+LC\d+ \S+\s+(\w{3} \d+ \w{3})", main_text(page))[1]
    print("booked day", day)
    same_day = [o for o in options if re.match(rf"LC\d+ {day} ", o)]
    open_ = [o for o in same_day if not re.search(r"\b0 seats left|full", o)]
    open_.sort(key=lambda o: re.search(r"(\d\d:\d\d) ", o)[1])
    choice = open_[0]
    flight = choice.split()[0]
    lands = re.search(r"arrives \w{3} \d+ \w{3} (\d\d:\d\d) (\w+)", choice)
    print("choose", flight, "lands", lands[1], lands[2])
    choices.select_option(label=choice)
    page.get_by_role("button", name="Review outbound flight change").click()
    past_outages(page)
    review = page.url
    print(main_text(page))
    for attempt in range(10):
        page.get_by_role("button", name="Change outbound flight…").click()
        page.locator("dialog[open]").get_by_role("button", name=re.compile("^Confirm")).click()
        page.wait_for_load_state()
        text = main_text(page)
        print(text[:600])
        if re.search(r"unavailable|too many requests|try again", text, re.I):
            wait = re.search(r"(\d+) seconds?", text)
            time.sleep(int(wait[1]) if wait else 2)
            page.goto(review)
            past_outages(page)
            continue
        break
    page.goto(f"{AIR}/bookings/{ref}")
    past_outages(page)
    assert flight in main_text(page), main_text(page)

    page = webmail
    page.goto(f"{MAIL}/compose")
    page.get_by_label("To (comma separated)").fill("bob@example.test")
    page.get_by_label("Subject").fill(f"My new flight: {flight}, landing at Heathrow {lands[1]}")
    page.get_by_label("Message").fill(
        f"Hi Bob,\n\nMy flight LC214 was cancelled, so I'm now on {flight} tomorrow "
        f"({day}). It lands at London Heathrow at {lands[1]} London time.\n\n"
        "Thanks for picking me up!\nAlice"
    )
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state()
    print(main_text(page)[:300])
PY
