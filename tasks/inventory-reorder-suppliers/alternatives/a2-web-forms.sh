#!/bin/bash
# ALTERNATIVE (right): a browser-only agent: in the inventory UI, receives 12 stoves into
# EAST-RCV with PO-1004's receive form (kettle line left blank), drafts the two orders with the
# "new purchase order" form (blank unit cost = the product's usual cost) and presses Send on
# each; then answers the delivery note with the mail UI's reply form (/compose?mode=reply).
set -euo pipefail
I=http://127.0.0.1:5120; M=http://127.0.0.1:5001; JI=$(mktemp); JM=$(mktemp)
curl -s -c "$JI" -b "$JI" -o /dev/null -w "inv login %{http_code}\n" -d "username=alice&password=alice-pass" "$I/login?next=/"
curl -s -c "$JM" -b "$JM" -o /dev/null -w "mail login %{http_code}\n" -d "username=alice&password=alice-pass" "$M/login?next=/"
curl -s -c "$JI" -b "$JI" -o /dev/null -w "receive %{http_code}\n" --data-urlencode bin=EAST-RCV \
  --data-urlencode line-0-sku=STV-CMP --data-urlencode line-0-quantity=12 --data-urlencode line-0-bin= \
  --data-urlencode line-1-sku=KTL-1L --data-urlencode line-1-quantity= --data-urlencode line-1-bin= \
  "$I/purchase-orders/PO-1004/receive"
newpo() { # supplier date sku qty
  loc=$(curl -s -c "$JI" -b "$JI" -o /dev/null -w "%{redirect_url}" --data-urlencode "supplier=$1" \
    --data-urlencode warehouse=EAST --data-urlencode "expected_date=$2" --data-urlencode notes= \
    --data-urlencode "line-0-sku=$3" --data-urlencode "line-0-quantity=$4" --data-urlencode line-0-unit_cost= \
    "$I/purchase-orders")
  code=${loc##*/}; echo "created $code -> $loc"
  curl -s -c "$JI" -b "$JI" -o /dev/null -w "send $code %{http_code}\n" -X POST "$I/purchase-orders/$code/send"
}
# 22 = 12 + 20 - 10 available (9+3-2 reserved); 50 = 24 + 48 - 22; lead times 10 and 5 days from 2026-03-10
newpo "Summit Outdoor Supply" 2026-03-20 TNT-2P 22
newpo "Alpine Fuel Co." 2026-03-15 GAS-230 50
ID=$(curl -s -b "$JM" "$M/?q=Delivery%20note" | grep -oE 'href="/messages/[0-9]+"' | head -1 | grep -oE '[0-9]+')
echo "delivery note id $ID"
BODY=$'Dear Tom,\n\nThis morning\'s truck brought part of PO-1004 and we have received 12 Compact Camp Stoves (STV-CMP) into our East Coast DC.\n\nStill outstanding on PO-1004 are 8 Compact Camp Stoves (STV-CMP) and 10 Camp Kettles 1 L (KTL-1L). Please let me know when you will deliver the rest.\n\nKind regards,\nAlice'
curl -s -c "$JM" -b "$JM" -o /dev/null -w "reply %{http_code} %{redirect_url}\n" --data-urlencode mode=reply --data-urlencode "source=$ID" \
  --data-urlencode to=sales@ridgeline-cook.example --data-urlencode cc= --data-urlencode bcc= \
  --data-urlencode "subject=Re: Delivery note PO-1004 (part delivery)" --data-urlencode "body=$BODY" "$M/compose"
