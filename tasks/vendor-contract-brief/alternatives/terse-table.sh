#!/bin/bash
# ALT (correct): a terse table without the excluded contracts mentioned at all.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
| Vendor | Auto-renews after | Send non-renewal notice by | Annual cost |
|---|---|---|---|
| Northwind Hosting | 2026-04-30 | 2026-03-31 | EUR 18,000 |
| BrightDesk | 2026-06-15 | 2026-05-01 | EUR 7,200 |

Costlier: Northwind Hosting, EUR 18,000 per year.
MD
