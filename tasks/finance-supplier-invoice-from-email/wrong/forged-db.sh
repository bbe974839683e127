#!/bin/bash
# Wrong (forged outcome): the bill, its line, the transfer and the payment are written straight
# into the finance DB file, and the reply is forged into Alice's Sent folder in the mail DB: no
# request of either service did any of it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *

with db("finance") as c:
    (contact, owner), = c.execute("SELECT id, owner_id FROM contacts WHERE name = 'Northside Print Co.'")
    (merchant,), = c.execute("SELECT id FROM merchants WHERE name = 'Northside Print Co.'")
    c.execute(
        "INSERT INTO invoices (id, code, owner_id, direction, contact_id, number, currency, issued_on,"
        " due_on, status, total_cents, paid_cents, memo, created_at) VALUES (24, 'INV-0024', ?,"
        " 'received', ?, 'NP-2318', 'USD', '2026-03-17', '2026-04-07', 'paid', 127440, 127440, '',"
        " '2026-03-20 14:00:00')", (owner, contact))
    c.execute("INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_cents,"
              " amount_cents) VALUES (24, 'Spring catalogue', 1, 127440, 127440)")
    c.execute(
        "INSERT INTO transactions (id, account_id, date, amount_cents, currency, merchant_id,"
        " memo, status, created_at) VALUES (200, 1, '2026-03-20', -127440, 'USD', ?, 'NP-2318',"
        " 'posted', '2026-03-20 14:00:00')", (merchant,))
    c.execute("INSERT INTO payments (invoice_id, transaction_id, amount_cents, paid_on, created_at)"
              " VALUES (24, 200, 127440, '2026-03-20', '2026-03-20 14:00:00')")
with db("email") as c:
    (folder, owner), = c.execute(
        "SELECT f.id, f.owner_id FROM folders f JOIN users u ON u.id = f.owner_id"
        " WHERE u.username = 'alice' AND f.name = 'sent'")
    c.execute(
        "INSERT INTO messages (owner_id, folder_id, thread_id, message_id, in_reply_to,"
        " reference_ids, from_address, from_name, to_addresses, cc_addresses, bcc_addresses,"
        " subject, body, date, is_read, is_starred) VALUES (?, ?, 'np-2318', '<forged@example.test>',"
        " '<np-2318@northsideprint.example>', '[]', 'alice@example.test', 'Alice Martin',"
        " '[\"billing@northsideprint.example\"]', '[]', '[]', 'Re: Invoice NP-2318 - spring catalogue',"
        " ?, '2026-03-20 14:00:00', 1, 0)", (owner, folder, RIGHT_REPLY))
PY
