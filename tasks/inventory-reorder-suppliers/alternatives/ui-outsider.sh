#!/bin/bash
# alternative (web UI only, an outside tester's Playwright run, 2026-12-05): reads the delivery mail, receives what came onto the East DC's receiving dock, orders what is low from each product's supplier (one sent purchase order per supplier, delivery by lead time), replies to the delivery note with its own text only.
# It drives Chromium (mock_services.browser) through the pages as a person would: no API call,
# no cookie crafted. Kept as written, but for how Chromium starts, the services' address and
# the helpers every UI script shares (mock_services.browser).
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"  # dock_to_orders.py: the steps both runs share
python3 - <<'PY'
import re

from dock_to_orders import E, log, notice, receive_and_order
from mock_services.browser import chromium, local_url as url, log_in, page_in

with chromium() as b:
    pg = page_in(b, "America/New_York")
    note_url, po, outstanding = receive_and_order(pg)
    # 4. tell Ridgeline, replying to their delivery note
    log_in(pg, url(E), "alice", "alice-pass")
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
