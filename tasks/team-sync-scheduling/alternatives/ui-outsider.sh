#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): logs in (waiting out a busy calendar), asks Find a time for the team's free slot, creates the event there with the team invited.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted. Kept as written, but for how Chromium starts, the services' address and
# the helpers every UI script shares (mock_services.browser).
set -euo pipefail
python3 - <<'PY'
import re, sys, os, time

from mock_services.browser import chromium, local_url as url, main_text, page_in


log = print


C = 5006
def unavailable(pg):
    t = pg.locator("body").inner_text()
    if re.search(r"temporarily unavailable|try again", t, re.I) and not pg.locator("main form").count() > 1:
        m = re.search(r"(\d+)\s*(second|s\b)", t); s = int(m.group(1)) if m else 2
        log("unavailable:", t[t.lower().find("temporar")-80:][:250].replace("\n", " | ")); return max(1, min(s, 30))
    return 0
def goto(pg, path):
    for _ in range(20):
        r = pg.goto(url(C, path)); w = unavailable(pg) if (r and r.status == 503) else 0
        if not w: return r
        time.sleep(w)
    raise SystemExit("still unavailable")
with chromium() as b:
    pg = page_in(b, "Europe/Paris")
    for _ in range(20):
        r = pg.goto(url(C, "/login"))
        if r.status != 503: break
        time.sleep(unavailable(pg) or 2)
    for _ in range(20):
        pg.get_by_label("Username").fill("alice"); pg.get_by_label("Password").fill("alice-pass")
        with pg.expect_navigation() as nav: pg.get_by_role("button", name="Log in").click()
        if nav.value and nav.value.status == 503: time.sleep(unavailable(pg) or 2); goto(pg, "/login"); continue
        break
    # today and tomorrow, from the page's own clock
    goto(pg, "/")
    today = re.search(r"/events/new\?date=(\d{4}-\d\d-\d\d)", pg.content()).group(1)
    import datetime
    tomorrow = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat(); log("today", today, "tomorrow", tomorrow)
    q = f"/find-a-time?users=alice%2C+bob%2C+carol&from={tomorrow}&days=1&duration_minutes=45"
    goto(pg, "/find-a-time")
    for _ in range(20):
        pg.get_by_label("People (usernames or emails, comma separated)").fill("alice, bob, carol")
        pg.get_by_label("From", exact=True).fill(tomorrow); pg.get_by_label("Days (1 to 31)").fill("1")
        pg.get_by_label("Meeting length (minutes)").fill("45")
        with pg.expect_navigation() as nav: pg.get_by_role("button", name="Find a time").click()
        if nav.value and nav.value.status == 503: time.sleep(unavailable(pg) or 2); goto(pg, "/find-a-time"); continue
        break
    t = main_text(pg); log(t[t.find("Times when"):][:900])
    m = re.search(r"\((\d\d:\d\d)–(\d\d:\d\d) in Europe/Paris\)", t[t.find("Times when"):])
    start = m.group(1)
    end = (datetime.datetime.strptime(start, "%H:%M") + datetime.timedelta(minutes=45)).strftime("%H:%M")
    log("earliest", start, end)
    def exists():
        goto(pg, f"/search?q=Team+sync")
        return "Team sync" in pg.locator("main table").inner_text() if pg.locator("main table").count() else False
    for _ in range(20):
        goto(pg, f"/events/new?date={tomorrow}")
        pg.get_by_label("Title", exact=True).fill("Team sync")
        pg.get_by_label("Date", exact=True).fill(tomorrow)
        pg.get_by_label("Start", exact=True).fill(start); pg.get_by_label("End", exact=True).fill(end)
        pg.get_by_label("Time zone").select_option(label="Europe/Paris")
        pg.get_by_label("Guests (usernames or emails, comma separated)").fill("bob, carol")
        with pg.expect_navigation() as nav: pg.get_by_role("button", name="Create event").click()
        st = nav.value.status if nav.value else None
        log("create ->", st, pg.url, main_text(pg)[:300].replace("\n", " | "))
        if st == 503:
            time.sleep(unavailable(pg) or 2)
            if exists(): log("already created"); break
            continue
        break
PY
