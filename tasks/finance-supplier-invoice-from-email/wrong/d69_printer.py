"""Shared steps of the d69 scripts for finance-supplier-invoice-from-email: the reference's
actions, with the free text written beside them (the bill's memo and line descriptions, the
transfer's memo, the reply's extra words) given by each script."""

import base64
import re
from dataclasses import dataclass, field
from datetime import datetime

from mock_services.client import ServiceClient

REPLY = (
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in full "
    "today, {when}: USD {total:,.2f} by bank transfer, quoting {number}.\n\n{extra}"
    "Best regards,\nAlice Martin"
)


@dataclass
class Texts:
    """What the agent writes beside the right actions; ``{number}``, ``{total}``, ``{when}`` are
    filled in. ``descriptions`` renames the invoice's lines in order."""

    memo: str = ""
    descriptions: list[str] = field(default_factory=list)
    transfer_memo: str = "Bank transfer {number}"
    extra: str = ""


def invoice_text(mail: ServiceClient) -> tuple[dict, str]:
    """The newest Northside Print invoice mail and its attached invoice's text."""
    found = mail.call(
        "GET", "/messages?from=billing@northsideprint.example&has_attachment=true&sort=newest"
    )
    message = mail.call("GET", f"/messages/{found['items'][0]['id']}")
    (meta,) = message["attachments"]
    blob = mail.call("GET", f"/messages/{message['id']}/attachments/{meta['id']}")
    return message, base64.b64decode(blob["content_base64"]).decode()


def solve(texts: Texts) -> None:
    """Record NP-2318 as an open bill, pay it today from Business Checking, match the transfer
    and reply to the invoice mail, writing ``texts`` beside it."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
    message, text = invoice_text(mail)

    def day(label: str) -> str:
        written = re.search(rf"{label}: (\w+ \d+, \d{{4}})", text).group(1)
        return datetime.strptime(written, "%B %d, %Y").date().isoformat()

    number = re.search(r"INVOICE (\S+)", text).group(1)
    lines = []
    for row in text.splitlines():
        charged = re.match(r"(.+?)\s+USD\s+([\d,.]+)$", row)
        if not charged or charged.group(1).startswith("TOTAL"):
            continue
        what, amount = charged.group(1), float(charged.group(2).replace(",", ""))
        each = re.match(r"([\d,]+) x (.+?) @ ([\d.]+)", what)
        if each:
            quantity = int(each.group(1).replace(",", ""))
            lines.append(
                {
                    "description": each.group(2),
                    "quantity": quantity,
                    "unit_price": float(each.group(3)),
                }
            )
        else:
            lines.append({"description": what.strip(), "unit_price": amount})
    for line, description in zip(lines, texts.descriptions, strict=False):
        line["description"] = description
    total = float(re.search(r"TOTAL DUE\s+USD ([\d,.]+)", text).group(1).replace(",", ""))
    words = {"number": number, "total": total}
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
            "memo": texts.memo.format(**words),
            "status": "open",
        },
    )
    assert bill["total"] == total, (bill["total"], total)
    accounts = fin.call("GET", "/accounts")["items"]
    checking = next(a for a in accounts if a["name"] == "Business Checking")
    transfer = fin.call(
        "POST",
        "/transactions",
        {
            "account_id": checking["id"],
            "amount": -total,
            "merchant": "Northside Print Co.",
            "memo": texts.transfer_memo.format(**words),
        },
    )
    paid = fin.call(
        "POST", f"/invoices/{bill['code']}/payments", {"transaction_id": transfer["id"]}
    )
    assert paid["status"] == "paid", paid["status"]
    words["when"] = datetime.fromisoformat(transfer["date"]).strftime("%B %-d, %Y")
    body = REPLY.format(**words, extra=texts.extra.format(**words))
    mail.call("POST", f"/messages/{message['id']}/reply", {"body": body})
