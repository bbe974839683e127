#!/bin/bash
# WRONG: counts the notice period inclusively: gives 2026-03-30 and 2026-04-30 as the last days (one day early each).
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contracts renewing automatically before 1 July 2026

- **Northwind Hosting**: term ends 30 April 2026; send notice by **2026-03-30**; EUR 18,000 per year.
- **BrightDesk**: term ends 15 June 2026; send notice by **2026-04-30**; EUR 7,200 per year.

Northwind Hosting is the more expensive: EUR 18,000 per year.
MD

