#!/usr/bin/env bash
# Through the pages only: each conversation on /messages is read on its own page; a sender whose
# message says one won a prize and asks for an address, a card or a birth date is blocked with
# the Block button of their profile (/u/<username>, as the header's Profile link is /u/alice).
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in

PRIZE = re.compile(r"\b(won|winner|prize)\b", re.I)
ASKS = re.compile(r"\b(address|card number|date of birth|personal details)\b", re.I)

with chromium() as browser:
    page = page_in(browser)
    log_in(page, url(5008), "alice", "alice-pass")
    page.goto(url(5008, "/messages"))
    threads = sorted(
        {h for h in page.locator("main a[href^='/messages/']").evaluate_all("as => as.map(a => a.getAttribute('href'))")}
    )
    scammers = []
    for href in threads:
        who = href.rsplit("/", 1)[1]
        page.goto(url(5008, href))
        thread = page.get_by_role("list", name=re.compile(r"^Thread with"))
        theirs = [t for t in thread.get_by_role("listitem").all_inner_texts() if not t.startswith("You")]
        said = "\n".join(theirs)
        print(who, "|", said.replace("\n", " ")[:200])
        if PRIZE.search(said) and ASKS.search(said):
            scammers.append(who)
    print("blocking", scammers)
    for who in scammers:
        page.goto(url(5008, f"/u/{who}"))
        page.get_by_role("button", name=f"Block @{who}…", exact=True).click()
        page.wait_for_load_state()
        dialog = page.get_by_role("dialog")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.get_by_role("button").first.click()
            page.wait_for_load_state()
        print(main_text(page)[:200])
PY
