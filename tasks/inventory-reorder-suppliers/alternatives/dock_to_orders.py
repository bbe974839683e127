"""What the outside tester's two browser runs of this task share (steps 0 to 3): read the
delivery mail, receive what came onto the East DC's dock, and send one purchase order per
supplier of what is low; each run then replies to the delivery note its own way."""

import datetime
import re

from mock_services.browser import local_url as url
from mock_services.browser import log_in, main_text

INVENTORY, E = 5120, 5001
TODAY = datetime.date(2026, 3, 10)
log = print


def notice(pg):
    return main_text(pg)[:200].replace("\n", " | ")


def receive_and_order(pg):
    """Steps 0-3 in the page ``pg``; the delivery note's address, its order and what is
    outstanding on it ({sku: (name, ordered, received now, still out)})."""
    # 0. read the mail: what came on the truck
    log_in(pg, url(E), "alice", "alice-pass")
    pg.goto(url(E, "/"))
    pg.get_by_role("link", name=re.compile(r"^Ridgeline delivery on the dock")).first.click()
    pg.wait_for_load_state()
    bob = main_text(pg)
    log("bob:", bob[bob.find("Alice,") :][:300])
    came = int(re.search(r"counted (\d+) stoves", bob).group(1))
    pg.goto(url(E, "/"))
    pg.get_by_role("link", name=re.compile(r"^Delivery note (PO-\d+)")).first.click()
    pg.wait_for_load_state()
    note_url = pg.url
    note = main_text(pg)
    po = re.search(r"(PO-\d+)", note).group(1)
    log("delivery note", note_url, po)
    # 1. receive what came against the order, onto the East DC's receiving dock
    log_in(pg, url(INVENTORY), "alice", "alice-pass")
    pg.goto(url(INVENTORY, f"/purchase-orders/{po}"))
    before = pg.locator("main table").first.inner_text()
    log(before)
    pg.get_by_label("Receive into bin").select_option(label="EAST/Stock/EAST-RCV · Receiving dock")
    pg.get_by_label("Units of STV-CMP received").fill(str(came))
    pg.get_by_role("button", name="Receive into stock").click()
    pg.wait_for_load_state()
    log("received ->", notice(pg))
    after = pg.locator("main table").first.inner_text()
    log(after)
    outstanding = {}
    for line in after.splitlines():
        c = line.split("\t")
        if len(c) >= 6 and re.match(r"[A-Z]", c[0]) and c[0] not in ("SKU", "Total"):
            outstanding[c[0].strip()] = (c[1].strip(), int(c[2]), int(c[3]), int(c[4]))
    log("outstanding:", outstanding)
    # 2. what is low now, with suppliers and lead times
    pg.goto(url(INVENTORY, "/suppliers"))
    lead = {}
    for line in pg.locator("main table").first.inner_text().splitlines()[1:]:
        c = line.split("\t")
        lead[c[0].strip()] = int(re.search(r"(\d+)", c[4]).group(1))
    log("lead times:", lead)
    pg.goto(url(INVENTORY, "/low-stock"))
    low = []
    for line in pg.locator("main table").first.inner_text().splitlines()[1:]:
        c = [x.strip() for x in line.split("\t")]
        sku, sup = c[0], c[2]
        avail = int(re.match(r"(-?\d+)", c[5]).group(1))
        rp, rq = map(int, re.match(r"(\d+) \(reorder (\d+)\)", c[6]).groups())
        onord = int(c[7])
        need = rp + rq - avail - onord
        log("low:", sku, sup, "avail", avail, "rp", rp, "rq", rq, "on order", onord, "need", need)
        if need > 0:
            low.append((sku, sup, need))
    # the supplier on file, from each product's page
    by_sup = {}
    for sku, _sup, need in low:
        pg.goto(url(INVENTORY, f"/products/{sku}"))
        head = pg.locator("main p").first.inner_text()
        on_file = re.search(r"supplier (.+)$", head).group(1).strip()
        log(sku, "->", head)
        by_sup.setdefault(on_file, []).append((sku, need))
    # 3. one PO per supplier, to the East DC, at the product's cost, delivery by lead time, sent
    for sup, lines in by_sup.items():
        pg.goto(url(INVENTORY, "/purchase-orders"))
        f = pg.locator("main form").filter(has=pg.get_by_label("Line 1 SKU"))
        f.get_by_label("Supplier", exact=True).select_option(label=sup)
        f.get_by_label("Deliver to warehouse").select_option(label="EAST: East Coast DC")
        f.get_by_label("Expected delivery date").fill(
            (TODAY + datetime.timedelta(days=lead[sup])).isoformat()
        )
        for i, (sku, need) in enumerate(lines, 1):
            sel = f.get_by_label(f"Line {i} SKU")
            options = sel.locator("option").all_inner_texts()
            opt = next(o for o in options if o.startswith(sku + " "))
            sel.select_option(label=opt)
            f.get_by_label(f"Line {i} quantity").fill(str(need))
        btns = f.get_by_role("button").all_inner_texts()
        log("form buttons:", btns)
        f.get_by_role("button").last.click()
        pg.wait_for_load_state()
        log("created ->", pg.url, notice(pg))
        sb = pg.get_by_role("button", name=re.compile(r"^Send"))
        log("send buttons:", sb.all_inner_texts())
        sb.first.click()
        pg.wait_for_timeout(300)
        dlg = pg.locator("dialog[open]")
        if dlg.count():
            log("dialog:", dlg.inner_text().replace("\n", " | "))
            dlg.get_by_role("button").first.click()
        pg.wait_for_load_state()
        log("sent ->", notice(pg))
    return note_url, po, outstanding
