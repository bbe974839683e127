#!/bin/bash
# Correct alternative: computed with awk in integer cents (no Python), JSON printed by hand on
# one line with keys in a different order; amounts printed with %.2f (numbers, not strings).
set -euo pipefail
mkdir -p /workspace/output
awk -F, 'NR>1 && tolower($5) ~ /approved/ {
  c = int($4*100 + 0.5); cat[$2] += c; mon[substr($1,1,7)] += c; tot += c; n++
  if (c > best) { best = c; desc = $3 } }
END {
  printf "{\"count\": %d, \"total\": %.2f, \"largest\": \"%s\", \"by_category\": {", n, tot/100, desc
  s=""; for (k in cat) { printf "%s\"%s\": %.2f", s, k, cat[k]/100; s=", " }
  printf "}, \"by_month\": {"; s=""; for (k in mon) { printf "%s\"%s\": %.2f", s, k, mon[k]/100; s=", " }
  printf "}}\n" }' /workspace/environment/expenses.csv > /workspace/output/report.json
cat /workspace/output/report.json
