#!/bin/bash
# alternative (web UI, blind, 2026-12-06, a browsing agent): in Chromium, reads Bob's count and
# Ridgeline's delivery note in the mail app, receives the 12 stoves on PO-1004 into EAST-RCV,
# works out the low stock from the Low stock and Suppliers pages, drafts and sends one order per
# supplier on file, then answers Ridgeline's delivery note with the mail app's Reply, typing
# above the signature and the quoted original the reply form fills in, as people do. It scored
# 0.49 while the quoted original's numbers were read as Alice's own.
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"  # dock_to_orders.py: the steps both runs share
python3 - <<'PY'
import re

from dock_to_orders import E, log, notice, receive_and_order
from mock_services.browser import browser_page, local_url as url, log_in

with browser_page() as pg:
    note_url, po, outstanding = receive_and_order(pg)
    # 4. tell Ridgeline, replying to their delivery note
    log_in(pg, url(E), "alice", "alice-pass")
    pg.goto(note_url)
    pg.get_by_role("link", name="Reply", exact=True).click(); pg.wait_for_load_state()
    rec = [f"{r} x {sku} ({name})" for sku, (name, o, r, out) in outstanding.items() if r]
    out = [f"{n} x {sku} ({name})" for sku, (name, o, r, n) in outstanding.items() if n]
    text = (f"Dear Tom,\n\nThank you. Today (10 March 2026) we received on {po}: " + ", ".join(rec) + ".\n"
            f"Still outstanding on {po}: " + ", ".join(out) + ".\n\n"
            "When will you deliver the rest? Please let me know the date for the outstanding items.\n\nKind regards,\nAlice\n")
    body = pg.get_by_label("Message", exact=True); old = body.input_value(); body.fill(text + "\n" + old)
    log("to:", pg.get_by_label(re.compile("^To")).first.input_value()); log(text)
    pg.get_by_role("button", name="Send", exact=True).click(); pg.wait_for_load_state()
    log("mail ->", pg.url, notice(pg))
PY
