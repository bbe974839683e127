#!/bin/bash
# wrong (a promise the record does not show, in plain words): right decisions, but the Franklin Barbecue reason promises that finance pays the rest of the report meanwhile
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import plain_reason, review


def reason(r):
    if r["code"] == "EXP-2004":
        return (
            "Rejected: Franklin Barbecue is over the meals limit. Meanwhile finance will settle "
            "the conference fee and the ride separately, so only the lunch waits for your fix."
        )
    return plain_reason(r)


review(reason=reason)
PY
