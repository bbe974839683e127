#!/bin/bash
# WRONG scope (probe): bullet brief that says PaperTrail Archiving renews automatically too, with its
# own notice date, though its order form expires and does not renew.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- **Northwind Hosting**: renews automatically after 30 April 2026; send the non-renewal notice by **2026-03-31**. EUR 18,000 per year.
- **PaperTrail Archiving**: renews automatically after 31 May 2026; send the non-renewal notice by **2026-05-01**. EUR 3,600 per year.
- **BrightDesk**: renews automatically after 15 June 2026; send the non-renewal notice by **2026-05-01**. EUR 7,200 per year.

Northwind Hosting costs the most: EUR 18,000 per year.
MD
