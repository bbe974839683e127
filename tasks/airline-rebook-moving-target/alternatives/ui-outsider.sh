#!/usr/bin/env bash
# Through the web pages only: the booking whose flight was cancelled (My bookings, "Action
# needed"), its "Change flight" picker read as it stands (the first flight that day not full
# nor cancelled, its delay shown), the change reviewed and confirmed; the booking page read again
# for when the new flight lands, then Dana's mail answered in her thread.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

A, E = url(5000), url(5001)
with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, A, "alice", "alice-pass")
    page.goto(A + "/bookings")
    listing = main_text(page)
    print(listing[:600])
    code = re.search(r"Booking (\w{6})\nAction needed", listing)[1]
    page.get_by_role("link", name=re.compile(code)).first.click()
    page.wait_for_load_state()
    booking = page.url
    text = main_text(page)
    old = re.search(r"Outbound\s+(LC\d+) BOS→ORD\s+(\w{3} \d+ \w{3})", text)
    day = old[2]
    print("cancelled", old[1], day)
    picker = page.get_by_label("New outbound flight")
    options = picker.locator("option").all()
    choice = None
    for option in options:
        label = option.inner_text()
        if option.is_disabled() or not re.match(rf"LC\d+ {day} ", label):
            continue
        if "BOS→ORD" in label and "Cancelled" not in label and "full" not in label:
            choice = label
            break
    print("choose", choice)
    picker.select_option(label=choice)
    page.get_by_role("button", name="Review outbound flight change").click()
    page.wait_for_load_state()
    print(main_text(page)[:1500])
    confirm = page.get_by_role("button", name=re.compile(r"^(Confirm|Pay|Change)"))
    print("confirm buttons", confirm.all_inner_texts())
    confirm.first.click()
    page.wait_for_load_state()
    dialog = page.get_by_role("dialog")
    if dialog.count() and dialog.first.is_visible():
        print("dialog:", dialog.first.inner_text())
        dialog.first.get_by_role("button").first.click()
        page.wait_for_load_state()
    page.goto(booking)
    text = main_text(page)
    print(text[:1200])
    row = text[text.find("Outbound") : text.find("Passengers")]
    flight = re.search(r"(LC\d+) BOS→ORD", row)[1]
    lands = re.findall(r"(\d\d:\d\d) CDT", row)[-1]  # "14:40 CDT, now 15:25 CDT": the latest word
    status = row.strip().split()[-1]
    assert flight != old[1] and status != "Cancelled", row
    print("now on", flight, "landing", lands, status)

    log_in(page, E, "alice", "alice-pass")
    page.goto(E + "/?folder=inbox")
    page.get_by_role("link", name="Tomorrow in Chicago").first.click()
    page.wait_for_load_state()
    page.get_by_role("link", name="Reply", exact=True).click()
    page.wait_for_load_state()
    body = page.get_by_label(re.compile(r"^(Message|Body|Text)"))
    body.first.fill(
        f"Hi Dana,\n\nmy flight was cancelled; I am now on {flight}, landing at O'Hare at "
        f"{lands} Chicago time tomorrow.\n\nSee you there,\nAlice"
    )
    page.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_load_state()
    print(main_text(page)[:300])
PY
