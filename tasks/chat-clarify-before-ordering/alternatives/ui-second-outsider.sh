#!/usr/bin/env bash
# Through the chat's and the shop's pages only: Dave's request read in #atlas-launch; the shop's
# order history shows which cables are "usual"; when more than one kind is, Dave is asked in his
# thread which one and how many, and his answer is awaited on the thread page; then "Buy now" on
# that cable's page with his count at the default address and card, and the order number is
# replied in the thread.
set -euo pipefail
python3 - <<'PY'
import os
import re
import time

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

CHAT = int(os.environ.get("CHAT_PORT", "5150"))
SHOP = int(os.environ.get("SHOP_PORT", "1234"))
NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
NUMBERS.update({"dozen": 12, "a dozen": 12, "half a dozen": 6, "couple": 2, "pair": 2})

with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, local_url(CHAT), "alice", "alice-pass")
    page.goto(local_url(CHAT))
    page.get_by_role("navigation", name="Conversations").get_by_role("link", name=re.compile("atlas-launch")).first.click()
    page.wait_for_load_state()
    msgs = page.get_by_role("region", name="Messages", exact=True).get_by_role("article", name=re.compile("^Dave Okafor")).all()
    request = [m for m in msgs if re.search(r"cable", m.inner_text(), re.I)][-1]
    print("request:", request.inner_text())
    thread = request.get_by_role("link", name=re.compile("^(Reply in thread|\\d+ repl)")).get_attribute("href")
    # the usual cables: what Alice ordered before
    log_in(page, local_url(SHOP), "alice", "alice-pass")
    page.goto(local_url(SHOP, "/orders"))
    history = main_text(page)
    kinds: dict[str, list[int]] = {}
    for name, qty in re.findall(r"^(.*Cable[^×\n]*?) × (\d+)", history, re.M):
        kinds.setdefault(name.strip(), []).append(int(qty))
    usual = {k: v for k, v in kinds.items() if len(v) > 1}
    print("cables ordered before:", kinds, "usual:", usual)
    choice, count = None, None
    if len(usual) == 1:
        choice = next(iter(usual))
        count = usual[choice][0]
    else:
        log_in(page, local_url(CHAT), "alice", "alice-pass")
        page.goto(local_url(CHAT, thread))
        names = list(usual)
        page.get_by_role("textbox", name="Reply in thread").fill(
            "Happy to order them! Which of the usual cables do you need: the "
            + " or the ".join(names)
            + "? And how many?"
        )
        page.get_by_role("button", name="Reply", exact=True).click()
        page.wait_for_load_state()
        answer = ""
        deadline = time.time() + 300
        while time.time() < deadline and not answer:
            time.sleep(3)
            page.goto(local_url(CHAT, thread))
            replies = page.locator("main").get_by_role("article", name=re.compile("^Dave Okafor")).all()[1:]
            # each article opens with its author and time; the words follow the first blank line
            answer = " ".join(r.inner_text().split("\n\n", 1)[-1] for r in replies)
        print("Dave answered:", answer)
        assert answer, "no answer from Dave"
        words = answer.lower()
        scores = []
        for n in names:
            key = "hdmi" if "hdmi" in n.lower() else "usb-c" if "usb" in n.lower() else n.lower()
            scores.append((words.count(key.split("-")[0]), n))
        scores.sort(reverse=True)
        choice = scores[0][1]
        digits = re.findall(r"(?<![.\d:])\b(\d{1,3})\b(?!\s*(?:m\b|w\b|:|st|nd|rd|th|\.\d))", answer, re.I)
        digits = [d for d in digits if d not in ("2", "3") or re.search(rf"\b{d}\s+(?:of|cables|more|x)\b", answer, re.I)] or digits
        worded = [NUMBERS[w] for w in re.findall(r"\b(" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r")\b", words)]
        if digits:
            count = int(digits[0])
        elif worded:
            count = worded[0]
        else:
            count = usual[choice][0]
    print("ordering", count, "×", choice)
    log_in(page, local_url(SHOP), "alice", "alice-pass")
    page.goto(local_url(SHOP, "/?q=" + choice.replace(" ", "+")))
    page.get_by_role("link", name=choice, exact=True).first.click()
    page.wait_for_load_state()
    buy = page.get_by_role("complementary", name=re.compile("^Buy "))
    buy.get_by_role("spinbutton", name="Quantity").fill(str(count))
    buy.get_by_role("button", name="Buy now").click()
    page.wait_for_load_state()
    print(main_text(page)[:600])
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    done = main_text(page)
    print(done[:800])
    order = re.search(r"ORD-\d+", done)[0]
    log_in(page, local_url(CHAT), "alice", "alice-pass")
    page.goto(local_url(CHAT, thread))
    page.get_by_role("textbox", name="Reply in thread").fill(
        f"Done: I ordered {count} × {choice} (order {order}), shipping to the office."
    )
    page.get_by_role("button", name="Reply", exact=True).click()
    page.wait_for_load_state()
    print(main_text(page)[:1500])
PY
