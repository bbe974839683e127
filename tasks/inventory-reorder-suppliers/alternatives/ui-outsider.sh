#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): reads the delivery mail, receives what came onto the East DC's receiving dock, orders what is low from each product's supplier (one sent purchase order per supplier, delivery by lead time), replies to the delivery note with its own text only.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted. Kept as written, but for how Chromium starts, the services' address and
# the helpers every UI script shares (mock_services.browser).
set -euo pipefail
python3 - <<'PY'
import re, sys, os, datetime

from mock_services.browser import chromium, local_url as url, log_in, main_text, page_in


def login(pg, port, user, pw):
    log_in(pg, url(port), user, pw)


log = print


I, E = 5120, 5001
TODAY = datetime.date(2026, 3, 10)
def notice(pg): return main_text(pg)[:200].replace("\n", " | ")
with chromium() as b:
    pg = page_in(b, "America/New_York")
    # 0. read the mail: what came on the truck
    login(pg, E, "alice", "alice-pass")
    pg.goto(url(E, "/"))
    pg.get_by_role("link", name=re.compile(r"^Ridgeline delivery on the dock")).first.click(); pg.wait_for_load_state()
    bob = main_text(pg); log("bob:", bob[bob.find("Alice,"):][:300])
    came = int(re.search(r"counted (\d+) stoves", bob).group(1))
    pg.goto(url(E, "/"))
    pg.get_by_role("link", name=re.compile(r"^Delivery note (PO-\d+)")).first.click(); pg.wait_for_load_state()
    note_url = pg.url; note = main_text(pg); po = re.search(r"(PO-\d+)", note).group(1)
    log("delivery note", note_url, po)
    # 1. receive what came against the order, onto the East DC's receiving dock
    login(pg, I, "alice", "alice-pass")
    pg.goto(url(I, f"/purchase-orders/{po}"))
    before = pg.locator("main table").first.inner_text(); log(before)
    pg.get_by_label("Receive into bin").select_option(label="EAST/Stock/EAST-RCV · Receiving dock")
    pg.get_by_label("Units of STV-CMP received").fill(str(came))
    pg.get_by_role("button", name="Receive into stock").click(); pg.wait_for_load_state()
    log("received ->", notice(pg))
    after = pg.locator("main table").first.inner_text(); log(after)
    outstanding = {}
    for line in after.splitlines():
        c = line.split("\t")
        if len(c) >= 6 and re.match(r"[A-Z]", c[0]) and c[0] not in ("SKU", "Total"):
            outstanding[c[0].strip()] = (c[1].strip(), int(c[2]), int(c[3]), int(c[4]))
    log("outstanding:", outstanding)
    # 2. what is low now, with suppliers and lead times
    pg.goto(url(I, "/suppliers"))
    lead = {}
    for line in pg.locator("main table").first.inner_text().splitlines()[1:]:
        c = line.split("\t"); lead[c[0].strip()] = int(re.search(r"(\d+)", c[4]).group(1))
    log("lead times:", lead)
    pg.goto(url(I, "/low-stock"))
    low = []
    for line in pg.locator("main table").first.inner_text().splitlines()[1:]:
        c = [x.strip() for x in line.split("\t")]
        sku, sup = c[0], c[2]
        avail = int(re.match(r"(-?\d+)", c[5]).group(1))
        rp, rq = map(int, re.match(r"(\d+) \(reorder (\d+)\)", c[6]).groups())
        onord = int(c[7])
        need = rp + rq - avail - onord
        log("low:", sku, sup, "avail", avail, "rp", rp, "rq", rq, "on order", onord, "need", need)
        if need > 0: low.append((sku, sup, need))
    # the supplier on file, from each product's page
    by_sup = {}
    for sku, sup, need in low:
        pg.goto(url(I, f"/products/{sku}"))
        head = pg.locator("main p").first.inner_text()
        on_file = re.search(r"supplier (.+)$", head).group(1).strip(); log(sku, "->", head)
        by_sup.setdefault(on_file, []).append((sku, need))
    # 3. one PO per supplier, to the East DC, at the product's cost, delivery by lead time, sent
    for sup, lines in by_sup.items():
        pg.goto(url(I, "/purchase-orders"))
        f = pg.locator("main form").filter(has=pg.get_by_label("Line 1 SKU"))
        f.get_by_label("Supplier", exact=True).select_option(label=sup)
        f.get_by_label("Deliver to warehouse").select_option(label="EAST: East Coast DC")
        f.get_by_label("Expected delivery date").fill((TODAY + datetime.timedelta(days=lead[sup])).isoformat())
        for i, (sku, need) in enumerate(lines, 1):
            sel = f.get_by_label(f"Line {i} SKU")
            opt = [o for o in sel.locator("option").all_inner_texts() if o.startswith(sku + " ")][0]
            sel.select_option(label=opt); f.get_by_label(f"Line {i} quantity").fill(str(need))
        btns = f.get_by_role("button").all_inner_texts(); log("form buttons:", btns)
        f.get_by_role("button").last.click(); pg.wait_for_load_state()
        log("created ->", pg.url, notice(pg))
        sb = pg.get_by_role("button", name=re.compile(r"^Send"))
        log("send buttons:", sb.all_inner_texts())
        sb.first.click(); pg.wait_for_timeout(300)
        dlg = pg.locator("dialog[open]")
        if dlg.count():
            log("dialog:", dlg.inner_text().replace("\n", " | ")); dlg.get_by_role("button").first.click()
        pg.wait_for_load_state(); log("sent ->", notice(pg))
    # 4. tell Ridgeline, replying to their delivery note
    login(pg, E, "alice", "alice-pass")
    pg.goto(note_url)
    pg.get_by_role("link", name="Reply", exact=True).click(); pg.wait_for_load_state()
    rec = [f"{r} {name} ({sku})" for sku, (name, o, r, out) in outstanding.items() if r]
    out = [f"{n} {name} ({sku})" for sku, (name, o, r, n) in outstanding.items() if n]
    text = (f"Dear Tom,\n\nThank you. Today (10 March 2026) we received on {po}: " + ", ".join(rec) + ".\n"
            f"Still outstanding on {po}: " + " and ".join(out) + ".\n\n"
            "When will you deliver the rest? Please let me know the date for the outstanding items.\n\nKind regards,\nAlice\n")
    body = pg.get_by_label("Message", exact=True); old = body.input_value(); body.fill(text)
    log("to:", pg.get_by_label(re.compile("^To")).first.input_value()); log(text)
    pg.get_by_role("button", name="Send", exact=True).click(); pg.wait_for_load_state()
    log("mail ->", pg.url, notice(pg))
PY
