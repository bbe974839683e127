"""Each Finance web form makes the change its API route makes: the same operation in the audit
log, the same params and the same rows, each way from the seed (see conftest)."""

from __future__ import annotations

import pytest

from mock_services.finance.api import api
from tests.finance.conftest import PASSWORDS
from tests.form_assertions import FormCase, assert_form_does_what_the_api_does
from tests.helpers import ApiClient

_ACCOUNT = {"name": "Tax reserve", "kind": "savings", "number": "5512", "opening_balance": 1500}
_CSV = "date,amount,merchant,category,memo\n2026-02-27,-12.50,Blue Bottle Coffee,Dining,  latte\n"
_TX = {"account_id": 3, "date": "2026-03-01", "amount": -42.1, "merchant": "Staples"}
_INVOICE_API = {
    "direction": "issued",
    "contact": "Initech",
    "issued_on": "2026-03-02",
    "due_on": "2026-04-01",
    "currency": "USD",
    "lines": [{"description": "Poster", "quantity": 2, "unit_price": 150}],
    "status": "draft",
}
_INVOICE_FORM = {
    "direction": "issued",
    "contact": "Initech",
    "number": "",
    "issued_on": "2026-03-02",
    "due_on": "2026-04-01",
    "currency": "USD",
    "line1_description": "Poster",
    "line1_quantity": "2",
    "line1_unit_price": "150",
    "line2_description": "",
    "memo": "",
    "status": "draft",
}
_DRAFT_EDIT = {
    "contact": "Initech",
    "number": "",
    "issued_on": "2026-03-02",
    "due_on": "2026-03-31",
    "currency": "USD",
    "lines": [
        {"description": "Logo refresh", "quantity": 1, "unit_price": 900},
        {"description": "Brand guide", "quantity": 2, "unit_price": 125.5},
    ],
    "memo": "Scope agreed on the call",
}
_DRAFT_EDIT_FORM = {
    **{k: v for k, v in _DRAFT_EDIT.items() if k != "lines"},
    "line1_description": "Logo refresh",
    "line1_quantity": "1",
    "line1_unit_price": "900.00",
    "line2_description": "Brand guide",
    "line2_quantity": "2",
    "line2_unit_price": "125.50",
    "line3_description": "",
    "line3_quantity": "",
    "line3_unit_price": "",
}
_RECURRING = {
    "account_id": 1,
    "payee": "Dropbox",
    "category": "Software",
    "amount": 19.99,
    "frequency": "monthly",
    "next_date": "2026-03-20",
}
_RECURRING_EDIT = {
    "payee": "Adobe",
    "category": "Software",
    "amount": 64.99,
    "frequency": "monthly",
    "next_date": "2026-03-10",
    "memo": "Creative Cloud",
}


def _as_form(values: dict) -> dict[str, str]:
    return {k: str(v) for k, v in values.items()}


CASES = [
    FormCase("open-account", "open_account",
             lambda g: ("POST", "/api/accounts", {**_ACCOUNT, "currency": "USD"}),
             lambda g: ("/accounts", _as_form({**_ACCOUNT, "currency": "USD", "opened_on": ""}))),
    FormCase("import-statement", "import_statement",
             lambda g: ("POST", "/api/accounts/1/statement", {"csv": _CSV}),
             lambda g: ("/accounts/1/statement", {"csv": _CSV})),
    FormCase("add-transaction", "add_transaction",
             lambda g: ("POST", "/api/transactions", {**_TX, "status": "posted"}),
             lambda g: ("/transactions", _as_form({**_TX, "category": "", "memo": "",
                                                   "status": "posted"}))),
    FormCase("post-pending", "update_transaction",
             lambda g: ("PATCH", "/api/transactions/140",
                        {"status": "posted", "memo": "groceries"}),
             lambda g: ("/transactions/140/edit", {"merchant": "Whole Foods Market",
                                                   "memo": "groceries", "date": "2026-03-02",
                                                   "amount": "-87.35", "status": "posted"})),
    FormCase("recategorize-merchant", "categorize_transaction",
             lambda g: ("POST", "/api/transactions/50/category",
                        {"category": "Office supplies", "apply_to_merchant": True}),
             lambda g: ("/transactions/50/category",
                        {"category": "Office supplies", "apply_to_merchant": "on"})),
    FormCase("add-category", "add_category",
             lambda g: ("POST", "/api/categories", {"name": "Pets", "kind": "expense"}),
             lambda g: ("/categories", {"name": "Pets", "kind": "expense"})),
    FormCase("add-contact", "add_contact",
             lambda g: ("POST", "/api/contacts", {"name": "Hooli", "kind": "customer",
                                                  "email": "ap@hooli.example"}),
             lambda g: ("/contacts", {"name": "Hooli", "kind": "customer",
                                      "email": "ap@hooli.example"})),
    FormCase("contact-email", "update_contact",
             lambda g: ("PATCH", "/api/contacts/5", {"email": "ap@vandelay.example"}),
             lambda g: ("/contacts/5/edit", {"email": "ap@vandelay.example"})),
    FormCase("create-invoice", "create_invoice",
             lambda g: ("POST", "/api/invoices", _INVOICE_API),
             lambda g: ("/invoices", _INVOICE_FORM)),
    FormCase("edit-draft", "update_invoice",
             lambda g: ("PATCH", "/api/invoices/INV-0007", _DRAFT_EDIT),
             lambda g: ("/invoices/INV-0007/edit", _DRAFT_EDIT_FORM)),
    FormCase("finalize", "finalize_invoice",
             lambda g: ("POST", "/api/invoices/INV-0008/finalize", None),
             lambda g: ("/invoices/INV-0008/finalize", {})),
    FormCase("void", "void_invoice",
             lambda g: ("POST", "/api/invoices/INV-0005/void", None),
             lambda g: ("/invoices/INV-0005/void", {})),
    FormCase("record-payment", "record_payment",
             lambda g: ("POST", "/api/invoices/INV-0004/payments", {"transaction_id": 27}),
             lambda g: ("/invoices/INV-0004/payments", {"transaction_id": "27", "amount": ""})),
    FormCase("set-budget", "set_budget",
             lambda g: ("POST", "/api/budgets", {"category": "Travel", "month": "2026-03",
                                                 "limit": 400, "alert_percent": 90}),
             lambda g: ("/budgets", {"category": "Travel", "month": "2026-03", "limit": "400",
                                     "alert_percent": "90"})),
    FormCase("update-budget", "update_budget",
             lambda g: ("PATCH", "/api/budgets/9", {"limit": 100, "alert_percent": 80}),
             lambda g: ("/budgets/9/edit", {"limit": "100", "alert_percent": "80"})),
    FormCase("add-recurring", "add_recurring",
             lambda g: ("POST", "/api/recurring", {**_RECURRING, "memo": ""}),
             lambda g: ("/recurring", _as_form({**_RECURRING, "end_date": "", "memo": ""}))),
    FormCase("update-recurring", "update_recurring",
             lambda g: ("PATCH", "/api/recurring/3", {**_RECURRING_EDIT, "end_date": None}),
             lambda g: ("/recurring/3/edit", _as_form({**_RECURRING_EDIT, "end_date": ""}))),
    FormCase("pause", "pause_recurring",
             lambda g: ("POST", "/api/recurring/2/pause", None),
             lambda g: ("/recurring/2/pause", {})),
    FormCase("resume", "resume_recurring",
             lambda g: ("POST", "/api/recurring/4/resume", None),
             lambda g: ("/recurring/4/resume", {})),
    FormCase("cancel", "cancel_recurring",
             lambda g: ("POST", "/api/recurring/6/cancel", None),
             lambda g: ("/recurring/6/cancel", {})),
]  # fmt: skip
"""Each form of the UI and the API call that makes the same change (keep one per form)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
