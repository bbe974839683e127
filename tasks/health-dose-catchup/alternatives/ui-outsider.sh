#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): marks today's 08:00 doses taken from the home page's schedule, then yesterday's 20:00 Metformin skipped instead of taken.
# Changed where the page changed on purpose: a dose's status reads capitalised ("Taken"), so it
# is compared in any case.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted. Kept as written, but for how Chromium starts, the services' address and
# the helpers every UI script shares (mock_services.browser).
set -euo pipefail
python3 - <<'PY'
import re, sys, os

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in


def login(pg, port, user, pw):
    log_in(pg, url(port), user, pw)


log = print


H = 5007
def notice(pg): return main_text(pg)[:160].replace("\n", " | ")
with chromium() as b:
    pg = page_in(b, "Europe/Paris")
    login(pg, H, "bob", "bob-pass")
    pg.goto(url(H, "/"))
    # today's 08:00 doses not yet marked
    table = pg.locator("main table").first
    rows = table.get_by_role("row").all()
    todo = []
    for r in rows:
        cells = r.get_by_role("cell").all_inner_texts()
        if cells and cells[0].strip() == "08:00": 
            log("today:", cells[:4])
            if cells[3].strip().lower() != "taken": todo.append(cells[1].strip())
    for med in todo:
        pg.get_by_role("button", name=f"Taken: {med} at 08:00", exact=True).click(); pg.wait_for_load_state()
        log("marked", med, "->", notice(pg))
    # yesterday evening's Metformin: taken -> skipped
    pg.get_by_role("link", name=re.compile(r"^Previous day")).click(); pg.wait_for_load_state()
    log("yesterday:", pg.url)
    row = pg.get_by_role("row", name=re.compile(r"^20:00 Metformin")).first
    log("row:", row.inner_text().replace("\n"," "))
    undo = pg.get_by_role("button", name="Undo Metformin at 20:00 (taken)")
    if undo.count():
        undo.click(); pg.wait_for_load_state(); log("undo ->", notice(pg))
    pg.get_by_role("button", name="Skip Metformin at 20:00", exact=True).click(); pg.wait_for_load_state()
    log("skip ->", notice(pg))
    log(pg.locator("main table").first.inner_text())
    pg.goto(url(H, "/")); log(pg.locator("main table").first.inner_text())
PY
