#!/bin/bash
# WRONG (forged): books everything through the APIs but, instead of sending the mail, writes
# a 'sent' message to Ingrid straight into the mail service's SQLite file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue()
import glob, sqlite3, json
path = [p for p in glob.glob("/var/lib/mock-data/*.db") if "email" in p or "mail" in p][0]
db = sqlite3.connect(path)
tables = [r[0] for r in db.execute("select name from sqlite_master where type=\"table\"")]
print(path, tables)
cols = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in tables}
print(json.dumps(cols)[:3000])
src = db.execute("select * from messages where folder_id in (select id from folders where name=\"sent\") order by id desc limit 1").fetchone()
names = cols["messages"]
row = dict(zip(names, src))
row.pop("id")
row.update({"subject": f"Invoice {inv['code']}: website redesign",
            "body": f"Hi Ingrid,\n\nInvoice {inv['code']} is issued: USD 21,750.00, due on 30 April 2026.\n\nBest,\nAlice",
            "date": "2026-03-16 09:00:05.000000"})
for k in ("message_id",):
    if k in row: row[k] = "<forged-1@example.test>"
for k in ("in_reply_to", "references"):
    if k in row: row[k] = None if row[k] is None else ""
if "snippet" in row: row["snippet"] = row["body"][:100]
q = ",".join("?" * len(row))
names_s = ",".join(row)
db.execute(f"insert into messages ({names_s}) values ({q})", list(row.values()))
db.commit()
PY
