#!/usr/bin/env bash
# Through the web pages only: the people Alice follows (her profile's Following list) and each
# one's conversation, read to its latest word (Dave's ride called off, Erin's book club moved to
# Thursday, Bob's jazz night and Carol's brunch on); one event per plan still on with the
# calendar's "New event" form (two hours, UTC, the place as location), the form sent again while
# the calendar answers that it is unavailable, once the week shows no copy; then a reply to each.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url as url, log_in, main_text, outage_wait, page_in

SO, C = url(5008), url(5006)
# what each friend's conversation says, to its latest word (checked against the page below)
PLANS = {
    "bob": ("Jazz night at the Blue Note", "2026-03-06", "20:00", "22:00", "Blue Note", r"jazz night"),
    "carol": ("Birthday brunch at Café Lumière", "2026-03-08", "11:30", "13:30", "Café Lumière", r"Brunch on Sunday March 8 at 11:30"),
    "erin": ("Book club at Erin's", "2026-03-12", "19:00", "21:00", "14 Elm Street", r"moves to Thursday March 12, same time \(19:00\), same place"),
}
with chromium() as browser:
    page = page_in(browser, "UTC")
    log_in(page, SO, "alice", "alice-pass")
    page.goto(SO + "/u/alice/following")
    listed = main_text(page).split("Following\n", 1)[1].split("What's happening")[0]
    following = re.findall(r"@(\w+)\n", listed)
    print("following", following)
    for who in following:
        page.goto(f"{SO}/messages/{who}")
        text = main_text(page)
        convo = text[text.find("Messages with") :]
        print("=====", who)
        print(convo)
        if who in PLANS:
            assert re.search(PLANS[who][5], convo), (who, "the conversation reads otherwise")
        else:
            assert re.search(r"cancel|called off", convo.strip().split("\n")[-3], re.I), who

    log_in(page, C, "alice", "alice-pass")
    for who, (title, date, start, end, place, _) in PLANS.items():
        for attempt in range(10):
            page.goto(C + "/events/new")
            wait = outage_wait(page)
            if wait is None:
                page.get_by_label("Title").fill(title)
                page.get_by_label("Date", exact=True).fill(date)
                page.get_by_label("Start").fill(start)
                page.get_by_label("End", exact=True).fill(end)
                page.get_by_label("Time zone").select_option("UTC")
                page.get_by_label("Location").fill(place)
                page.get_by_role("button", name="Create event").click()
                page.wait_for_load_state()
                wait = outage_wait(page)
                if wait is None:
                    print(main_text(page)[:300])
                    break
            print("calendar unavailable, waiting", wait)
            time.sleep(wait)
            # did the refused attempt make the event anyway? look before trying again
            page.goto(C + "/search?q=" + title.split()[0])
            if outage_wait(page) is None and title in main_text(page) and date[-2:].lstrip("0") in main_text(page):
                print("already there:", title)
                break

    log_in(page, SO, "alice", "alice-pass")
    for who, (title, date, start, end, place, _) in PLANS.items():
        page.goto(f"{SO}/messages/{who}")
        page.get_by_label("Message", exact=True).fill(
            f"Done, it's in my calendar: {title}, {date} at {start}. See you there!"
        )
        page.get_by_role("button", name="Send", exact=True).click()
        page.wait_for_load_state()
        print(main_text(page).split("Messages with")[-1][-300:])
PY
