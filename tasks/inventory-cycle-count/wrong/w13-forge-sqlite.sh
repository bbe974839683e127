#!/bin/bash
# WRONG (forged outcome): never calls the API; writes the three bookings straight into the
# inventory SQLite file (on_hand values and stock_moves rows), bypassing the service.
set -uo pipefail
python3 - <<'PY'
import glob, sqlite3, os
cands = [p for p in glob.glob("/var/lib/mock-data/*.db") + glob.glob(os.path.expanduser("~/.local/share/mock-services/*.db")) + glob.glob("/tmp/**/inventory*.db", recursive=True) if "inventory" in p]
print("candidates", cands)
for p in cands:
    try:
        c = sqlite3.connect(p)
        pid = dict(c.execute("select sku,id from products"))
        bid = dict(c.execute("select code,id from bins"))
        def setq(sku, b, q):
            c.execute("update stock_levels set on_hand=? where product_id=? and bin_id=?", (q, pid[sku], bid[b]))
        setq("HDL-200", "EAST-B-03", 19); setq("STV-CMP", "EAST-B-02", 7)
        setq("WTR-FLT", "EAST-B-01", 0); setq("WTR-FLT", "EAST-B-02", 18)
        uid = c.execute("select id from users where username='alice'").fetchone()[0]
        now = "2026-03-10 14:00:00"
        rows = [("adjustment", pid["HDL-200"], bid["EAST-B-03"], None, 5, "count_correction", "", "recount"),
                ("adjustment", pid["STV-CMP"], bid["EAST-B-02"], None, 2, "damage", "", "cracked"),
                ("transfer", pid["WTR-FLT"], bid["EAST-B-01"], bid["EAST-B-02"], 6, None, "", "apparel shelf")]
        for k, p_, f, t, q, r, ref, n in rows:
            c.execute("insert into stock_moves(kind,product_id,from_bin_id,to_bin_id,quantity,reason,reference,note,user_id,created_at) values (?,?,?,?,?,?,?,?,?,?)", (k, p_, f, t, q, r, ref, n, uid, now))
        c.commit(); print("forged", p)
    except Exception as e:
        print("failed", p, e)
PY
