#!/bin/bash
# alternative (true notes in other words): every approval note and reason says what was checked, with totals and days written out (the 22nd of February, the dinner for four at its limit) and what happens next
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import over_items, review

NOTES = {
    "EXP-2001": (
        "Approved. Both Berlin items of the 22nd of February are under their category limits "
        "once converted from euros; the report comes to four hundred forty-two dollars and "
        "eighty cents. Finance will reimburse it later."
    ),
    "EXP-2003": (
        "Approved. The client dinner for four at Legal Sea Foods is USD 250.00, exactly the "
        "client entertainment limit, and an item at its limit is within policy."
    ),
    "EXP-2006": (
        "Approved. Both Zurich items, converted from Swiss francs, stay under the lodging and "
        "meals limits; finance pays approved reports later."
    ),
}


def reason(r):
    over = " and ".join(i["merchant"] for i in over_items(r))
    return (
        f"Not approved yet: {over} is over the per-item limit of its category in dollars. "
        "Nothing else on the report is a problem; correct that item and resubmit."
    )


review(note=lambda r: NOTES.get(r["code"]), reason=reason)
PY
