#!/bin/bash
# ALTERNATIVE (right): books the count through the inventory web UI like a browser: logs in
# with the /login form (cookie), then submits the product pages' "Adjust stock" and "Move stock"
# forms (url-encoded POSTs to /stock/adjustments and /stock/transfers). Same three bookings.
set -euo pipefail
J=$(mktemp); B=http://127.0.0.1:5120
curl -sf -c "$J" -b "$J" "$B/login" -o /dev/null
curl -s -c "$J" -b "$J" -o /dev/null -w "login %{http_code}\n" --data-urlencode username=alice --data-urlencode password=alice-pass "$B/login?next=/"
curl -s -c "$J" -b "$J" -o /dev/null -w "headlamps %{http_code}\n" \
  --data-urlencode sku=HDL-200 --data-urlencode bin=EAST-B-03 --data-urlencode reason=count_correction \
  --data-urlencode change= --data-urlencode counted=19 --data-urlencode "note=Aisle B cycle count (recount)" "$B/stock/adjustments"
curl -s -c "$J" -b "$J" -o /dev/null -w "stoves %{http_code}\n" \
  --data-urlencode sku=STV-CMP --data-urlencode bin=EAST-B-02 --data-urlencode reason=damage \
  --data-urlencode change=-2 --data-urlencode counted= --data-urlencode "note=cracked burner heads" "$B/stock/adjustments"
curl -s -c "$J" -b "$J" -o /dev/null -w "filters %{http_code}\n" \
  --data-urlencode sku=WTR-FLT --data-urlencode from_bin=EAST-B-01 --data-urlencode to_bin=EAST-B-02 \
  --data-urlencode quantity=6 --data-urlencode "note=from the apparel shelf" "$B/stock/transfers"
curl -s -b "$J" "$B/products/HDL-200" | grep -o "EAST-B-03[^<]*" | head -3
