#!/usr/bin/env bash
# Through the pages only: Dave's request in #atlas-launch asks for "the usual cables", and the
# shop's past orders hold two kinds (USB-C 2 m x6, HDMI 2.1 3 m x4): ask him in the thread
# which and how many; his answer names the cable and the count; "Buy now" on that product with
# the usual address and card; then the order number back in the thread.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

with chromium() as browser:
    chat = page_in(browser, "America/New_York")
    log_in(chat, url(5150), "alice", "alice-pass")
    chat.goto(url(5150, "/"))
    chat.get_by_role("link", name=re.compile(r"^atlas-launch")).first.click()
    chat.wait_for_load_state()
    reply = chat.get_by_role("link", name=re.compile(r"^Reply in thread to Dave Okafor's message “@alice could you order"))
    thread_url = url(5150, reply.last.get_attribute("href"))

    shop = page_in(browser, "America/New_York")
    log_in(shop, url(1234), "alice", "alice-pass")
    shop.goto(url(1234, "/orders"))
    print(main_text(shop)[:1500])  # the usual cables: USB-C 2 m (6) twice, HDMI 2.1 3 m (4) twice

    chat.goto(thread_url)
    chat.get_by_role("textbox", name="Reply in thread").fill(
        "Sure! Which cables do you need, and how many? We usually order either the USB-C to "
        "USB-C 2 m 240 W cables (6 at a time) or the 3 m HDMI 2.1 cables (4 at a time)."
    )
    chat.get_by_role("button", name="Reply", exact=True).click()
    chat.wait_for_load_state()
    answer = ""
    for _ in range(20):
        chat.goto(thread_url)
        text = main_text(chat)
        answers = re.findall(r"Good question:.*", text)
        if answers:
            answer = max(answers, key=len)  # the reply itself, not a label quoting its opening
            break
        time.sleep(1)
    print("Dave:", answer)
    assert "3 m HDMI 2.1" in answer
    count = int(re.search(r"\b(\d+) of them\b", answer)[1])

    shop.goto(url(1234, "/"))
    search = shop.get_by_role("searchbox", name="Search products")
    search.fill("HDMI 2.1 3 m")
    search.press("Enter")
    shop.wait_for_load_state()
    shop.get_by_role("link", name="HDMI 2.1 Cable, 3 m", exact=True).first.click()
    shop.wait_for_load_state()
    shop.get_by_label("Quantity").fill(str(count))
    shop.get_by_role("button", name="Buy now").click()
    shop.wait_for_load_state()
    ship_to = shop.get_by_label("Ship to")
    ship_to.select_option(label=ship_to.locator("option").filter(has_text="Office").first.inner_text())
    shop.get_by_label("Pay with").select_option(label="Visa ending 4242")
    shop.get_by_role("button", name="Place order").click()
    shop.wait_for_load_state()
    placed = main_text(shop)
    print(placed[:600])
    code = re.search(r"ORD-\d+", placed)[0]

    chat.goto(thread_url)
    chat.get_by_role("textbox", name="Reply in thread").fill(
        f"Done: I ordered {count} HDMI 2.1 Cables, 3 m (Voltline) for the demo stations. "
        f"The order number is {code}."
    )
    chat.get_by_role("button", name="Reply", exact=True).click()
    chat.wait_for_load_state()
    print(main_text(chat)[-600:])
PY
