"""What the wrong solutions of expense-receipt-from-email share: Alice's sessions, an invoice
PDF from her mail, her ITB draft with its hotel entry, and the calls that file and submit."""

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
expense = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")
RECEIPT_FIELDS = ("filename", "content_type", "content_base64")


def attachment(query: str) -> dict:
    """The PDF attached to the first mail the search lists, with its content."""
    found = mail.call("GET", f"/messages?{query}")["items"][0]
    (meta,) = mail.call("GET", f"/messages/{found['id']}")["attachments"]
    return mail.call("GET", f"/messages/{found['id']}/attachments/{meta['id']}")


def invoice(query: str) -> dict:
    """The PDF of the one invoice mail a text search finds."""
    return attachment(f"q={query}&has_attachment=true")


(trip,) = expense.call("GET", "/reports?status=draft&q=ITB")["items"]
report = expense.call("GET", f"/reports/{trip['id']}")
(hotel,) = [i for i in report["items"] if "Adlon" in i["merchant"]]
items = f"/reports/{trip['id']}/items"


def correct_hotel(amount: float, currency: str, day: str) -> None:
    expense.call(
        "PATCH", f"{items}/{hotel['id']}", {"amount": amount, "currency": currency, "spent_on": day}
    )


def add_hotel(amount: float, day: str) -> dict:
    entry = {"spent_on": day, "merchant": "Hotel Adlon Kempinski", "category": "lodging"}
    return expense.call("POST", items, {**entry, "amount": amount, "currency": "EUR"})


def attach(pdf: dict, item_id: int | None = None) -> None:
    receipt = {k: pdf[k] for k in RECEIPT_FIELDS}
    expense.call("POST", f"{items}/{item_id or hotel['id']}/receipts", receipt)


def submit() -> None:
    expense.call("POST", f"/reports/{trip['id']}/submit", {})
