"""What the blind set's wrong solutions of expense-receipt-from-email share: Alice's
sessions, every Adlon invoice PDF in her mail (parsed), her ITB draft and its hotel entry,
and the calls that correct, attach and submit."""

import base64
import re
from datetime import datetime

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
exp = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")


def pdf_lines(raw):
    return [
        re.sub(rb"\\(.)", rb"\1", t).decode("latin-1")
        for t in re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", raw)
    ]


INVOICES = []  # every Adlon invoice attached to a mail: mail id, attachment, parsed fields
for s in mail.call("GET", "/messages?q=adlon&has_attachment=true&per_page=100")["items"]:
    m = mail.call("GET", f"/messages/{s['id']}")
    for meta in m["attachments"]:
        att = mail.call("GET", f"/messages/{m['id']}/attachments/{meta['id']}")
        lines = pdf_lines(base64.b64decode(att["content_base64"]))
        text = "\n".join(lines)
        cur, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", text).groups()
        when = datetime.strptime(
            re.search(r"Invoice date: (.+)", text).group(1).strip(), "%d %B %Y"
        ).date()
        INVOICES.append(
            {
                "mail": m["id"],
                "att": att,
                "lines": lines,
                "guest": re.search(r"Guest: (.+?)  ", text).group(1),
                "total": float(total),
                "currency": cur,
                "date": when.isoformat(),
            }
        )


def invoice(guest, month):
    return next(i for i in INVOICES if guest in i["guest"] and int(i["date"][5:7]) == month)


MINE = invoice("Alice Martin", 3)
trip = exp.call("GET", "/reports/code/EXP-4101")
hotel = next(i for i in trip["items"] if "adlon" in i["merchant"].lower())


def patch_hotel(inv=None, **fields):
    inv = inv or MINE
    number = next(line for line in inv["lines"] if line.startswith("INVOICE")).split()[-1]
    base = {
        "amount": inv["total"],
        "currency": inv["currency"],
        "spent_on": inv["date"],
        "category": "lodging",
        "description": f"Hotel room, invoice {number}",
    }
    base.update(fields)
    return exp.call("PATCH", f"/reports/{trip['id']}/items/{hotel['id']}", base)


def attach(inv, item_id=None):
    a = inv["att"]
    return exp.call(
        "POST",
        f"/reports/{trip['id']}/items/{item_id or hotel['id']}/receipts",
        {
            "filename": a["filename"],
            "content_type": a["content_type"],
            "content_base64": a["content_base64"],
        },
    )


def submit(report_id=None):
    r = exp.call("POST", f"/reports/{report_id or trip['id']}/submit", {})
    print(r["code"], r["status"], r["total"])
