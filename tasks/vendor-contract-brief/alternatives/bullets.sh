#!/bin/bash
# ALT (correct): bullet points instead of a table, euro sign, dates inside sentences.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
## Renewal brief (as of 2026-03-02)

Two contracts renew automatically at the end of a term ending before 1 July 2026:

* **Northwind Hosting GmbH** – managed cloud hosting. Term ends 30 April 2026; 30 days written notice. Last day to send the non-renewal notice: **2026-03-31**.
* **BrightDesk Ltd.** – helpdesk subscription. Period ends 15 June 2026; 45 days written notice. Last day to send the non-renewal notice: **2026-05-01**.

The more expensive of the two is **Northwind Hosting**, at €18,000 a year (€1,500 per month); BrightDesk is €7,200 a year.

(PaperTrail simply expires on 31 May 2026; Vela Analytics runs until 30 November 2026.)
MD
