#!/usr/bin/env bash
# Through the social network's pages only: every conversation of Messages (all pages) opened; a
# sender whose own words claim a prize (won, winner, prize) and ask for an address, a card or a
# birth date is blocked with the conversation's "Block @…" button and its dialog (Alice follows
# one of them, Daily Deals: following an account does not make its prize message genuine).
# Nothing is answered, muted or marked.
set -euo pipefail
python3 - <<'PY'
import os
import re

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

SOCIAL = int(os.environ.get("SOCIAL_PORT", "5008"))
PRIZE = re.compile(r"(?i)\b(won|win|winner|prize|lucky draw|claim)\b")
ASK = re.compile(r"(?i)\b(address|card number|card|date of birth|birth date|bank|password|personal details)\b")


def url(path: str = "") -> str:
    return local_url(SOCIAL, path)


with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(), "alice", "alice-pass")
    hrefs: list[str] = []
    page.goto(url("/messages"))
    while True:
        for link in page.get_by_role("list", name="Conversations").get_by_role("link").all():
            href = link.get_attribute("href")
            if href and href not in hrefs:
                hrefs.append(href)
        nxt = page.locator("main").get_by_role("link", name=re.compile(r"^(Next|Older)"))
        if not nxt.count():
            break
        nxt.first.click()
        page.wait_for_load_state()
    print("conversations:", hrefs)
    scammers = []
    for href in hrefs:
        page.goto(url(href))
        handle = href.rsplit("/", 1)[-1]
        lines = [l for l in main_text(page).splitlines() if re.match(r"^(?!You \().+ \(\w{3} \d", l)]
        theirs = " ".join(lines)
        if PRIZE.search(theirs) and ASK.search(theirs):
            print(f"@{handle}: a prize and a request for personal details: {theirs[:160]}")
            scammers.append(handle)
        else:
            print(f"@{handle}: not a prize scam: {theirs[:120]}")
    for handle in scammers:
        page.goto(url(f"/messages/{handle}"))
        page.get_by_role("button", name=f"Block @{handle}…").click()
        dialog = page.get_by_role("dialog")
        dialog.first.wait_for(state="visible")
        buttons = dialog.first.get_by_role("button").all()
        go = [b for b in buttons if re.match(r"(?i)(yes, )?block", b.inner_text().strip())]
        print("dialog:", dialog.first.inner_text().replace("\n", " ")[:200])
        go[0].click()
        page.wait_for_load_state()
        print("blocked", handle, "|", main_text(page)[:120].replace("\n", " "))
PY
