"""Finance's loaded request, answered as ours answers it: a transaction by id with the names of
its account, merchant and category and the code of the invoice it pays, to the account's owner
or an auditor (403 to anyone else)."""

from __future__ import annotations

from flask import Response, abort, jsonify

from bench.bare_reads import Bare, iso

AUDITOR = "auditor"
TRANSACTION = (
    "SELECT t.id, t.account_id, a.name AS account, t.date, t.amount_cents, t.currency, "
    "m.name AS merchant, c.name AS category, t.memo, t.status, i.code AS invoice, "
    "t.recurring_id, t.created_at, a.owner_id, "
    "(SELECT role FROM users WHERE id = ?) AS caller_role "
    "FROM transactions t JOIN accounts a ON a.id = t.account_id "
    "LEFT JOIN merchants m ON m.id = t.merchant_id "
    "LEFT JOIN categories c ON c.id = t.category_id "
    "LEFT JOIN payments p ON p.transaction_id = t.id "
    "LEFT JOIN invoices i ON i.id = p.invoice_id "
    "WHERE t.id = ?"
)


def register(bare: Bare) -> None:
    @bare.app.get("/api/transactions/<int:transaction_id>")
    def transaction(transaction_id: int) -> Response:
        user_id = bare.caller()
        row = bare.db().execute(TRANSACTION, (user_id, transaction_id)).fetchone()
        if row is None:
            abort(404)
        if row["owner_id"] != user_id and row["caller_role"] != AUDITOR:
            abort(403)
        return jsonify(
            {
                "id": row["id"],
                "account_id": row["account_id"],
                "account": row["account"],
                "date": row["date"],
                "amount": row["amount_cents"] / 100,
                "currency": row["currency"],
                "merchant": row["merchant"],
                "category": row["category"],
                "memo": row["memo"],
                "status": row["status"],
                "invoice": row["invoice"],
                "recurring_id": row["recurring_id"],
                "created_at": iso(row["created_at"]),
            }
        )
