"""Shared steps of the d69 scripts for finance-bank-reconciliation: the reference's actions, with
the free text written beside them (the duplicate charge's memo, memos added to the matched
payments) given by each script. A bill's memo is no such field: only a draft bill is edited."""

from dataclasses import dataclass, field

from mock_services.client import ServiceClient

DUPLICATE = (
    "{memo} - DUPLICATE CHARGE: {number} was already paid on {paid}; disputing with the bank"
)


@dataclass
class Texts:
    """What the agent writes beside the right actions. ``payment_memos`` is keyed by bill number;
    ``{memo}``, ``{number}``, ``{paid}``, ``{amount}`` (and ``{again}``, the duplicate's day) are
    filled in."""

    duplicate: str = DUPLICATE
    payment_memos: dict[str, str] = field(default_factory=dict)


def solve(texts: Texts) -> None:
    """Match each open bill to its supplier's first posted charge this month, file it under the
    supplier's category and flag a same-amount later charge as a duplicate, writing ``texts``."""
    fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
    accounts = fin.call("GET", "/accounts")["items"]
    checking = next(a for a in accounts if a["name"] == "Business Checking")
    month = fin.call("GET", f"/accounts/{checking['id']}/statement")
    usual = {m["name"]: m["category"] for m in fin.call("GET", "/merchants")["items"]}
    bills = fin.call("GET", "/invoices?direction=received&status=unpaid&per_page=100")["items"]
    posted = sorted(
        (t for t in month["transactions"] if t["status"] == "posted" and t["amount"] < 0),
        key=lambda t: (t["date"], t["id"]),
    )
    for bill in bills:
        charges = [t for t in posted if t["merchant"] == bill["contact"] and t["invoice"] is None]
        if not charges:
            continue
        first, *later = charges
        fin.call("POST", f"/invoices/{bill['code']}/payments", {"transaction_id": first["id"]})
        if first["category"] != usual[bill["contact"]]:
            category = {"category": usual[bill["contact"]]}
            fin.call("POST", f"/transactions/{first['id']}/category", category)
        words = {"number": bill["number"], "paid": first["date"], "amount": -first["amount"]}
        if bill["number"] in texts.payment_memos:
            memo = texts.payment_memos[bill["number"]].format(memo=first["memo"], **words)
            fin.call("PATCH", f"/transactions/{first['id']}", {"memo": memo})
        for again in later:
            if again["amount"] == first["amount"]:
                memo = texts.duplicate.format(memo=again["memo"], again=again["date"], **words)
                fin.call("PATCH", f"/transactions/{again['id']}", {"memo": memo})
