"""The CRM's loaded request, answered as ours answers it: a deal by id, with its account's code
and name, its owner's username and its stage's probability. Every logged-in user reads every
deal."""

from __future__ import annotations

from flask import Response, abort, jsonify

from bench.bare_reads import Bare, iso

PROBABILITY = {
    "prospecting": 10,
    "qualification": 20,
    "proposal": 50,
    "negotiation": 75,
    "closed_won": 100,
    "closed_lost": 0,
}
DEAL = (
    "SELECT d.id, d.name, a.code, a.name AS account_name, d.contact_id, u.username, d.stage, "
    "d.amount, d.currency, d.close_date, d.closed_at, d.lost_reason, d.notes, d.created_at "
    "FROM deals d JOIN accounts a ON a.id = d.account_id JOIN users u ON u.id = d.owner_id "
    "WHERE d.id = ?"
)


def register(bare: Bare) -> None:
    @bare.app.get("/api/deals/<int:deal_id>")
    def deal(deal_id: int) -> Response:
        bare.caller()
        row = bare.db().execute(DEAL, (deal_id,)).fetchone()
        if row is None:
            abort(404)
        return jsonify(
            {
                "id": row["id"],
                "name": row["name"],
                "account": row["code"],
                "account_name": row["account_name"],
                "contact_id": row["contact_id"],
                "owner": row["username"],
                "stage": row["stage"],
                "probability": PROBABILITY[row["stage"]],
                "amount": row["amount"],
                "currency": row["currency"],
                "close_date": row["close_date"],
                "closed_at": iso(row["closed_at"]),
                "lost_reason": row["lost_reason"],
                "notes": row["notes"],
                "created_at": iso(row["created_at"]),
            }
        )
