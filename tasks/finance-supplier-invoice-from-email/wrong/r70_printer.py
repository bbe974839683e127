"""The whole right action of finance-supplier-invoice-from-email (bill NP-2318 recorded open,
paid today by a transfer out of Business Checking matched to it, the invoice mail answered),
each free text it writes given by the caller. Texts may name ``{number}`` (NP-2318),
``{total}`` (USD 1,274.40) and ``{paid_on}`` (March 20, 2026), filled in once known."""

import base64
import re
from datetime import datetime

from mock_services.client import ServiceClient

BODY = (
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in full "
    "today, {paid_on}: {total} by bank transfer, quoting {number}.\n\nBest regards,\nAlice Martin"
)


def run(
    *,
    bill_memo: str = "",
    descriptions: dict[str, str] | None = None,
    transfer_memo: str = "Bank transfer {number}",
    body: str = BODY,
    body_html: str | None = None,
    attachment: tuple[str, str] | None = None,
) -> None:
    """Do the task; ``descriptions`` renames invoice lines (the invoice's words to ours),
    ``body_html`` the reply's HTML part, ``attachment`` a text file (name, text) on it."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")

    found = mail.call(
        "GET", "/messages?from=billing@northsideprint.example&has_attachment=true&sort=newest"
    )
    message = mail.call("GET", f"/messages/{found['items'][0]['id']}")
    (meta,) = message["attachments"]
    sent = mail.call("GET", f"/messages/{message['id']}/attachments/{meta['id']}")
    text = base64.b64decode(sent["content_base64"]).decode()

    def day(label: str) -> str:
        written = re.search(rf"{label}: (\w+ \d+, \d{{4}})", text).group(1)
        return datetime.strptime(written, "%B %d, %Y").date().isoformat()

    number = re.search(r"INVOICE (\S+)", text).group(1)
    renamed = descriptions or {}
    lines = []
    for row in text.splitlines():
        charged = re.match(r"(.+?)\s+USD\s+([\d,.]+)$", row)
        if not charged or charged.group(1).startswith("TOTAL"):
            continue
        what, amount = charged.group(1), float(charged.group(2).replace(",", ""))
        each = re.match(r"([\d,]+) x (.+?) @ ([\d.]+)", what)
        if each:
            lines.append(
                {
                    "description": renamed.get(each.group(2), each.group(2)),
                    "quantity": int(each.group(1).replace(",", "")),
                    "unit_price": float(each.group(3)),
                }
            )
        else:
            lines.append(
                {"description": renamed.get(what.strip(), what.strip()), "unit_price": amount}
            )
    total = float(re.search(r"TOTAL DUE\s+USD ([\d,.]+)", text).group(1).replace(",", ""))
    words = {"number": number, "total": f"USD {total:,.2f}"}
    bill = fin.call(
        "POST",
        "/invoices",
        {
            "direction": "received",
            "contact": "Northside Print Co.",
            "number": number,
            "issued_on": day("Invoice date"),
            "due_on": day("Due date"),
            "currency": "USD",
            "lines": lines,
            "memo": bill_memo.format(**words),
            "status": "open",
        },
    )
    assert bill["total"] == total, (bill["total"], total)
    checking = next(
        a for a in fin.call("GET", "/accounts")["items"] if a["name"] == "Business Checking"
    )
    transfer = fin.call(
        "POST",
        "/transactions",
        {
            "account_id": checking["id"],
            "amount": -total,
            "merchant": "Northside Print Co.",
            "memo": transfer_memo.format(**words),
        },
    )
    paid = fin.call(
        "POST", f"/invoices/{bill['code']}/payments", {"transaction_id": transfer["id"]}
    )
    assert paid["status"] == "paid", paid["status"]
    words["paid_on"] = datetime.fromisoformat(transfer["date"]).strftime("%B %-d, %Y")
    reply: dict[str, object] = {"body": body.format(**words)}
    if body_html is not None:
        reply["body_html"] = body_html.format(**words)
    if attachment is not None:
        name, content = attachment
        reply["attachments"] = [
            {
                "filename": name,
                "content_type": "text/plain",
                "content_base64": base64.b64encode(content.format(**words).encode()).decode(),
            }
        ]
    mail.call("POST", f"/messages/{message['id']}/reply", reply)
