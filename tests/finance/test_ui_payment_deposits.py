"""The "Record a payment" list offers what QuickBooks' "Receive payment" matching offers:
money into a bank account that is neither a transfer between one's own accounts nor a card
repayment, paying no invoice yet, each named by its day, payee, amount and account, the
likeliest first; a bill the mirror. The business layer decides, so the API and MCP refuse what
the page does not offer."""

from __future__ import annotations

import json
import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.mcp_session import McpSession
from tests.page_words import shown_text

TRANSFER_IN = 36  # "From checking", +500.00 into Business Savings, category Transfer
CARD_REPAYMENT = 136  # "Payment, thank you", +1,961.40 on the Visa card
CARD_REFUND = 99  # Amazon's return, +23.99 on the Visa card
UMBRELLA = 27  # +3,200.00 from Umbrella Health into Business Checking


def offered(page: str) -> list[tuple[str, str]]:
    """Each option of the page's payment list: its value and its words."""
    picker = page[page.index('name="transaction_id"') :].split("</select>")[0]
    return [
        (value, shown_text(words))
        for value, words in re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', picker)
    ]


def test_a_customer_invoice_offers_deposits_into_bank_accounts_likeliest_first(
    alice: ApiClient,
) -> None:
    page = as_browser(alice).get("/invoices/INV-0004").text
    assert '<label for="transaction_id">Deposit</label>' in page
    assert "Choose the deposit" in page and "Choose the transaction" not in page
    rows = offered(page)
    ids = [int(value) for value, _ in rows]
    assert ids[0] == UMBRELLA, rows[:3]  # the amount due, from the customer named
    assert rows[0][1] == ("Fri 27 Feb · Umbrella Health · USD 3,200.00 into Business Checking")
    for kept_out in (TRANSFER_IN, CARD_REPAYMENT, CARD_REFUND):
        assert kept_out not in ids, rows
    assert not any("Payment, thank you" in w or "From checking" in w for _, w in rows)
    assert all(re.search(r" into Business (Checking|Savings)", w) for _, w in rows), rows
    assert not any(re.search(r"#\d", w) for _, w in rows)
    assert len({w for _, w in rows}) == len(rows)


def test_a_bill_offers_money_out_and_never_a_transfer(alice: ApiClient) -> None:
    transfers = [
        str(t["id"])
        for category in ("Transfer", "Credit card payment")
        for t in alice.get("/api/transactions", params={"category": category}).json()["items"]
    ]
    assert transfers
    page = as_browser(alice).get("/invoices/INV-0015").text
    assert '<label for="transaction_id">Payment</label>' in page and "Choose the payment<" in page
    rows = offered(page)
    assert rows[0][0] == "28", rows[:2]  # -385.50 to Copperline Printing, what is due
    assert all("USD -" in w and " from " in w for _, w in rows), rows
    assert not set(transfers) & set(dict(rows)), rows


def test_the_api_refuses_a_transfer_a_card_repayment_and_a_card_refund(alice: ApiClient) -> None:
    for transaction_id, words in (
        (TRANSFER_IN, "filed under Transfer"),
        (CARD_REPAYMENT, "filed under Credit card payment"),
        (CARD_REFUND, "a credit card"),
    ):
        answer = alice.post(
            "/api/invoices/INV-0005/payments", json={"transaction_id": transaction_id}
        )
        assert answer.status_code == 422, answer.text
        assert words in answer.text, answer.text
    assert alice.get("/api/invoices/INV-0005").json()["payments"] == []
    answer = alice.post("/api/invoices/INV-0004/payments", json={"transaction_id": UMBRELLA})
    assert answer.status_code == 201, answer.text


def test_the_mcp_tool_refuses_a_transfer_as_the_api_does(alice: ApiClient) -> None:
    tools = McpSession(alice)
    refused = tools.call("record_payment", {"code": "INV-0005", "transaction_id": TRANSFER_IN})
    assert refused.get("isError") and "filed under Transfer" in json.dumps(refused), refused
    assert alice.get("/api/invoices/INV-0005").json()["payments"] == []
    paid = tools.call("record_payment", {"code": "INV-0004", "transaction_id": UMBRELLA})
    assert not paid.get("isError"), paid
