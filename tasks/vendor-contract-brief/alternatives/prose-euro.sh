#!/bin/bash
# ALT (right): short bullet brief in prose, euro sign, full vendor names, deadlines as YYYY-MM-DD.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
## Renewal brief (as of 2 March 2026)

Two contracts renew by themselves before July:

* Northwind Hosting GmbH (managed hosting): the term ends on 30 April 2026 and renews for 12 months unless we give written notice 30 days ahead, so the last day to send it is 2026-03-31.
* BrightDesk Ltd. (helpdesk subscription): the period ends on 15 June 2026; the notice is due 45 days before, so by 2026-05-01.

Of the two, Northwind Hosting costs us more: €18,000 a year (€1,500 a month), against €7,200 for BrightDesk.

PaperTrail just expires on 31 May and Vela Analytics runs to November, so neither needs action now.
MD

