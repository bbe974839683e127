#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): finds the look-alike leads on the Duplicates page, marks the duplicate unqualified, converts the full lead (new account, deal at the quoted amount and close date), logs the call on the deal, merges Marisol's duplicate contact into the original.
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


C = 5110
def notice(pg): return main_text(pg)[:160].replace("\n", " | ")
with chromium() as b:
    pg = page_in(b, "America/New_York")
    login(pg, C, "alice", "alice-pass")
    # 1. the duplicate lead: find the look-alike pair on the Duplicates page (leads)
    pg.goto(url(C, "/duplicates?kind=leads"))
    links = pg.locator("main li a")
    pair = [(links.nth(i).inner_text().strip(), links.nth(i).get_attribute("href")) for i in range(links.count())]
    log("lead pair:", pair)
    full = dup = None
    for name, href in pair:
        pg.goto(url(C, href)); t = main_text(pg)
        if "Quote sent" in t and "+1" in t: full = href
        else: dup = href
    log("full:", full, "dup:", dup)
    # 2. duplicate -> unqualified
    pg.goto(url(C, dup))
    pg.get_by_label("Status", exact=True).select_option(label="Unqualified")
    pg.get_by_role("button", name="Save lead").click(); pg.wait_for_load_state(); log("dup saved:", notice(pg))
    # 3. convert the full lead: new account, deal at the quoted amount and close date
    pg.goto(url(C, full)); t = main_text(pg)
    amt = re.search(r"USD ([\d,]+) a year", t).group(1).replace(",", ""); log("amount", amt)
    f = pg.get_by_role("form", name="Convert lead")
    f.get_by_label("Into the existing account").select_option(label="a new account named after the company")
    f.get_by_label("Also open a deal").check()
    f.get_by_label("Deal name").fill("Kestrel Robotics: fleet tracking")
    f.get_by_label("Deal amount").fill(amt)
    f.get_by_label("Deal currency").fill("USD")
    f.get_by_label("Deal close date").fill("2026-04-17")
    f.get_by_role("button", name="Convert lead").click(); pg.wait_for_load_state()
    log("converted ->", pg.url, notice(pg))
    contact = pg.get_by_role("link", name="Priya Raman").first.get_attribute("href")
    deal = pg.get_by_role("link", name=re.compile("^Kestrel Robotics: ")).first.get_attribute("href")
    log("contact", contact, "deal", deal)
    # 4. log the call on the deal, against her new contact
    pg.goto(url(C, deal))
    f = pg.get_by_role("form", name="Log an activity")
    f.get_by_label("Logged against contact").select_option(label="Priya Raman")
    f.get_by_label("Activity kind").select_option(label="Call")
    f.get_by_label("Activity subject").fill("Call with Priya Raman: quote accepted")
    f.get_by_label("Activity details").fill("30-minute call with Priya Raman (Director of Operations). Kestrel Robotics accepts the quote sent on 3 March: fleet tracking for their three warehouses, USD 48,500 a year. She expects to sign by 17 April 2026.")
    f.get_by_label("Duration in minutes").fill("30")
    f.get_by_role("button", name="Log activity").click(); pg.wait_for_load_state()
    log("call logged:", notice(pg))
    pg.goto(url(C, contact)); log("contact page activity:", main_text(pg)[-600:].replace("\n", " | "))
    # 5. merge Marisol's duplicate into the original (the one with full details)
    pg.goto(url(C, "/duplicates?kind=contacts"))
    grp = pg.locator("main h2").filter(has_text="vega")
    log("contact groups:", [pg.locator("main h2").nth(i).inner_text() for i in range(pg.locator("main h2").count())])
    btn = pg.get_by_role("button", name=re.compile(r"^Merge .*Vega.* into .*Vega"))
    log("merge button:", btn.first.inner_text())
    links = pg.locator("main li a"); log([(links.nth(i).inner_text(), links.nth(i).get_attribute("href")) for i in range(links.count())])
    # the original is the record with title, phone and notes; check both before merging
    for i in range(links.count()):
        h = links.nth(i).get_attribute("href")
        pg2 = pg.context.new_page(); pg2.goto(url(C, h)); log(h, pg2.locator("main").inner_text()[:300].replace("\n", " | ")); pg2.close()
    btn.first.click()
    pg.get_by_role("button", name=re.compile(r"^Yes, merge")).click(); pg.wait_for_load_state()
    log("merged:", notice(pg))
PY
