#!/bin/bash
# wrong (never searches or lists: reads the flights one by one by id (get_flight), keeps what it saw of each when first read, books the earliest Boston-O'Hare flight of the day with a seat, LC514, ignores the refusal (its first read cancelled LC514 meanwhile), and mails Dana LC514 and its landing time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import DAY, air, lands, tell_dana, try_rebook
from mock_services.client import ServiceError

# read every flight by id, remembering each as first seen, the status it showed aside
seen = []
for flight_id in range(1, 60):
    try:
        seen.append(air.call("GET", f"/flights/{flight_id}"))
    except ServiceError:
        break
route = sorted(
    (
        f
        for f in seen
        if f["origin"]["code"] == "BOS"
        and f["destination"]["code"] == "ORD"
        and f["scheduled_departure_local"].startswith(DAY)
        and f["number"] != "LC512"
        and f["fares"][0]["seats_available"] > 0
    ),
    key=lambda f: f["scheduled_departure"],
)
first = route[0]
try_rebook(first)  # refused or not, it goes on with what it saw
tell_dana(first["number"], lands(first))
print("mailed", first["number"])
PY
