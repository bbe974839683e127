"""Shared by the d69 scripts: file Alice's March Adlon invoice as the reference does, with the
free text given."""

import base64
import re
from datetime import datetime

from mock_services.client import ServiceClient


def _lines(pdf: bytes) -> list[str]:
    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", pdf)
    return [re.sub(r"\\(.)", r"\1", text.decode("latin-1")) for text in shown]


def _field(lines: list[str], label: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in lines if line.startswith(label + ":"))


def file_invoice(
    description: str = "{number}",
    merchant: str | None = None,
    purpose: str | None = None,
    filename: str | None = None,
) -> None:
    """Correct the hotel item to the invoice, attach it and submit; ``{number}`` is filled in."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    found = mail.call("GET", "/messages?q=adlon&has_attachment=true&per_page=100")["items"]
    for summary in found:
        message = mail.call("GET", f"/messages/{summary['id']}")
        for meta in message["attachments"]:
            got = mail.call("GET", f"/messages/{message['id']}/attachments/{meta['id']}")
            lines = _lines(base64.b64decode(got["content_base64"]))
            day = datetime.strptime(_field(lines, "Invoice date"), "%d %B %Y")
            if "Alice Martin" in _field(lines, "Guest") and day.month == 3:
                attachment, invoice, spent_on = got, lines, day.date().isoformat()
    currency, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", "\n".join(invoice)).groups()
    number = next(line for line in invoice if line.startswith("INVOICE"))
    expense = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")
    (trip,) = expense.call("GET", "/reports?status=draft&q=ITB&per_page=100")["items"]
    report = expense.call("GET", f"/reports/{trip['id']}")
    (hotel,) = [i for i in report["items"] if "adlon" in i["merchant"].casefold()]
    edit = {
        "amount": float(total),
        "currency": currency,
        "spent_on": spent_on,
        "category": "lodging",
        "description": description.format(number=number),
    }
    if merchant is not None:
        edit["merchant"] = merchant
    expense.call("PATCH", f"/reports/{report['id']}/items/{hotel['id']}", edit)
    if purpose is not None:
        expense.call("PATCH", f"/reports/{report['id']}", {"purpose": purpose})
    expense.call(
        "POST",
        f"/reports/{report['id']}/items/{hotel['id']}/receipts",
        {
            "filename": filename or attachment["filename"],
            "content_type": attachment["content_type"],
            "content_base64": attachment["content_base64"],
        },
    )
    expense.call("POST", f"/reports/{report['id']}/submit", {})
