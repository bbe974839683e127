#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): saves both passports on the booking page, picks the free seat beside Alice's for Leo on the outbound seat map (confirming its fee), checks in for LC303.
# Changed where the page changed on purpose: the ticket reads "Outbound LC303 · Seat 24A" (was
# "outbound: 24A"), and a paid seat asks first ("Pay $12.00 and take seat 24B"), which it presses.
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


A = 5000
with chromium() as b:
    pg = page_in(b, "Europe/Paris")
    login(pg, A, "alice", "alice-pass")
    pg.goto(url(A, "/bookings/PX4M2Q"))
    for name, pp in [("Alice Martin", "19FR44821"), ("Leo Martin", "21FR90317")]:
        pg.get_by_label(f"Passport number of {name}").fill(pp)
        pg.get_by_role("button", name=f"Save passport of {name}").click(); pg.wait_for_load_state()
        log("passport", name, "->", main_text(pg)[:120].replace("\n", " | "))
    # Alice's outbound seat, read from the passengers table
    row = pg.get_by_role("row", name=re.compile(r"^Alice Martin")).first.inner_text()
    m = re.search(r"Outbound LC303 · Seat (\d+)([A-K])", row); log("alice row:", row.replace("\n"," ")); r, letter = m.group(1), m.group(2)
    # seat map of the outbound flight: pick Leo, then a free seat beside Alice's in the same row
    sec = pg.locator("section, div, form").filter(has=pg.get_by_role("heading", name=re.compile("Seat map .*outbound"))).last
    letters = "ABCDEF"
    i = letters.index(letter)
    cands = [letters[j] for j in (i+1, i-1) if 0 <= j < len(letters)]
    form = pg.locator("form").filter(has=pg.get_by_role("button", name=re.compile(rf"^{r}[A-F] on LC303"))).first
    form.get_by_label("Passenger").select_option(label="Leo Martin")
    chosen = None
    for c in cands:
        btn = pg.get_by_role("button", name=re.compile(rf"^{r}{c} on LC303:")).first
        nm = btn.get_attribute("aria-label") or btn.inner_text()
        log("candidate", r+c, nm, "disabled" if btn.is_disabled() else "free")
        if not btn.is_disabled():
            chosen = r+c; btn.click(); pg.wait_for_load_state()
            pay = pg.get_by_role("button", name=re.compile(rf"^Pay .* and take seat {chosen}$"))
            if pay.count(): log("confirm:", pay.first.inner_text()); pay.first.click(); pg.wait_for_load_state()
            break
    log("seat chosen", chosen, "->", main_text(pg)[:200].replace("\n", " | "))
    pg.goto(url(A, "/bookings/PX4M2Q"))
    log("passengers:", pg.get_by_role("row", name=re.compile(r"^Leo Martin")).first.inner_text().replace("\n"," "))
    pg.get_by_role("button", name="Check in for LC303").click(); pg.wait_for_load_state()
    log("check-in ->", pg.url, main_text(pg)[:400].replace("\n", " | "))
PY
