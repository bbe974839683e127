#!/usr/bin/env bash
# Through the todo app's pages only: Notes searched for "weekly review", the newest one by its
# date opened and its "Done this week" lines read; every open task listed (all pages) and each
# line matched to the open task that shares the most words with it (two at least); each match
# completed with its "Complete <title>" button.
set -euo pipefail
python3 - <<'PY'
import os
import re
from datetime import datetime

from mock_services.browser import chromium, local_url, log_in, main_text, page_in

TODO = int(os.environ.get("TODO_PORT", "5002"))
STOP = {"the", "for", "a", "an", "to", "of", "up", "my", "and", "she", "was", "early"}


def words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z0-9]+", text.lower()):
        if w in STOP:
            continue
        for suffix in ("ed", "s"):
            if len(w) > 4 and w.endswith(suffix):
                w = w[: -len(suffix)]
        out.add(w)
    return out


with chromium() as browser:
    page = page_in(browser, "America/New_York")
    log_in(page, local_url(TODO), "alice", "alice-pass")
    page.goto(local_url(TODO, "/notes"))
    page.get_by_role("textbox", name="Search notes").fill("weekly review")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    notes = []
    for item in page.locator("main").get_by_role("list").first.get_by_role("listitem").all():
        text = item.inner_text()
        when = re.search(r"(\w{3}) (\d{1,2}) (\w{3}) (\d{2}:\d{2})", text)
        link = item.get_by_role("link").first
        stamp = datetime.strptime(f"{when[2]} {when[3]} 2026 {when[4]}", "%d %b %Y %H:%M")
        notes.append((stamp, link.inner_text(), link.get_attribute("href")))
    notes.sort()
    print("notes:", notes)
    page.goto(local_url(TODO, notes[-1][2]))
    body = main_text(page)
    print(body)
    done_part = body.split("Done this week:", 1)[1].split("\n\n", 1)[0]
    done = [line.strip("- ").strip() for line in done_part.splitlines() if line.strip().startswith("-")]
    print("done:", done)
    # every open task, all pages
    titles: list[str] = []
    page.goto(local_url(TODO, "/?status=open"))
    while True:
        for b in page.locator("main").get_by_role("button", name=re.compile("^Complete ")).all():
            titles.append((b.get_attribute("aria-label") or "")[len("Complete "):])
        nxt = page.locator("main").get_by_role("link", name="Next")
        if not nxt.count():
            break
        nxt.first.click()
        page.wait_for_load_state()
    print(len(titles), "open tasks")
    chosen = []
    for line in done:
        scored = sorted(((len(words(line) & words(t)), t) for t in titles), reverse=True)
        best = scored[0] if scored else (0, "")
        runner_up = scored[1][0] if len(scored) > 1 else 0
        print(f"{line!r} -> {best} (next {runner_up})")
        if best[0] >= 2 and best[0] > runner_up:
            chosen.append(best[1])
    for title in chosen:
        page.goto(local_url(TODO, "/?status=open&q=" + title.split()[0]))
        page.get_by_role("button", name=f"Complete {title}", exact=True).first.click()
        page.wait_for_load_state()
        print("completed", title, "|", main_text(page)[:120].replace("\n", " "))
PY
