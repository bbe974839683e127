"""The dashboard's and the reports' figures are the data's: the outstanding totals and the aged
columns add up to the unpaid invoices' balance due as the API lists them, and the Profit and
Loss to the posted transactions the API lists for the period."""

from __future__ import annotations

import re
from typing import Any

from tests.form_assertions import as_browser
from tests.helpers import ApiClient

START, END = "2026-01-01", "2026-02-28"


def _all(client: ApiClient, path: str, **query: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    page = 1
    while True:
        answer = client.get(path, params={**query, "page": page, "per_page": 100}).json()
        items += answer["items"]
        if len(items) >= answer["total"]:
            return items
        page += 1


def _money(text: str) -> float:
    return float(text.replace(",", ""))


def _unpaid(alice: ApiClient, direction: str) -> list[dict[str, Any]]:
    found = _all(alice, "/api/invoices", direction=direction, status="unpaid")
    return [i for i in found if i["balance_due"] > 0 and i["currency"] == "USD"]


def test_the_dashboard_totals_are_the_unpaid_invoices(alice: ApiClient) -> None:
    page = as_browser(alice).get("/").text
    for heading, direction in (("Invoices owed to you", "issued"), ("Bills to pay", "received")):
        unpaid = _unpaid(alice, direction)
        section = page[page.index(heading) :]
        due = round(sum(i["balance_due"] for i in unpaid), 2)
        overdue = [i for i in unpaid if i["overdue"]]
        if unpaid:
            assert f"USD {due:,.2f}" in section[:2000], (heading, due)
            assert f"{len(overdue)} overdue" in section[:2000], heading


def test_the_aged_columns_add_up_to_the_balance_due(alice: ApiClient) -> None:
    page = as_browser(alice).get("/reports").text
    for label, direction in (("Aged Receivables", "issued"), ("Aged Payables", "received")):
        unpaid = _unpaid(alice, direction)
        table = page[page.index(f'aria-label="{label}"') :]
        table = table[: table.index("</table>")]
        totals = re.search(r'<tr class="total"><td>Total</td><td>USD</td>(.*?)</tr>', table)
        if not unpaid:
            assert totals is None
            continue
        assert totals, label
        cells = [_money(c) for c in re.findall(r'<td class="num">USD ([\d,.-]+)</td>', totals[1])]
        *columns, total = cells
        assert total == round(sum(i["balance_due"] for i in unpaid), 2), label
        assert round(sum(columns), 2) == total, label
        not_due = sum(i["balance_due"] for i in unpaid if not i["overdue"])
        assert columns[0] == round(not_due, 2), label


def test_the_profit_and_loss_is_the_posted_transactions(alice: ApiClient) -> None:
    page = as_browser(alice).get(f"/reports?start={START}&end={END}").text
    kinds = {c["name"]: c["kind"] for c in alice.get("/api/categories").json()["items"]}
    mine = {a["id"] for a in alice.get("/api/accounts").json()["items"] if a["owner"] == "alice"}
    posted = [
        t
        for t in _all(alice, "/api/transactions", status="posted", start=START, end=END)
        if t["account_id"] in mine and t["currency"] == "USD"
    ]
    income = sum(t["amount"] for t in posted if kinds.get(t["category"]) == "income")
    expenses = -sum(t["amount"] for t in posted if kinds.get(t["category"]) == "expense")
    uncategorised = [t["amount"] for t in posted if t["category"] is None]
    income += sum(a for a in uncategorised if a > 0)
    expenses -= sum(a for a in uncategorised if a <= 0)
    table = page[page.index('aria-label="Profit and Loss in USD"') :]
    shown = {
        name: _money(value)
        for name, value in re.findall(
            r'<td>(Total income|Total expenses|Net profit)</td><td class="num">USD ([\d,.-]+)</td>',
            table,
        )
    }
    assert shown["Total income"] == round(income, 2)
    assert shown["Total expenses"] == round(expenses, 2)
    assert shown["Net profit"] == round(income - expenses, 2)
