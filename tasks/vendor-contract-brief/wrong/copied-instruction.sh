#!/bin/bash
# wrong (copied-instruction): the brief is the instruction's bullet list pasted back, no answer.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
cat > /home/node/.openclaw/output/brief.md <<'MD'
# Contract renewal brief

- list every contract that will renew **automatically** at the end of a term ending before
  1 July 2026, naming the vendor;
- for each of them, give the last day on which we can still send the written non-renewal
  notice, as a date written `YYYY-MM-DD`;
- say which of those contracts costs us more per year, and how much it costs.

Contracts that simply expire, or whose term ends later, should not be listed as renewing.
MD
