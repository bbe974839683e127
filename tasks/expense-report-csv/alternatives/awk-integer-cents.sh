#!/bin/bash
# Alternative (no Python, different tools): awk sums the approved claims in integer cents
# (exact, no float drift) and prints report.json itself; keys appear in another order (count and
# total first), categories and months in file order. Same content as the reference.
# (The blind set's version assembled the JSON with jq, which the task image does not have; awk
# writes it here, the sums unchanged.)
set -euo pipefail
mkdir -p /workspace/output
awk -F, 'function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
NR > 1 {
    status = tolower($5); gsub(/[ \r]/, "", status)
    if (status != "approved") next
    split($4, p, "."); cents = p[1] * 100 + substr(p[2] "00", 1, 2)
    if (!(($2) in cat)) corder[++nc] = $2
    cat[$2] += cents
    m = substr($1, 1, 7)
    if (!(m in mon)) morder[++nm] = m
    mon[m] += cents
    total += cents; count++
    if (cents > best) { best = cents; largest = $3 }
}
END {
    printf "{\"count\": %d, \"total\": %.2f, \"largest\": %s,\n \"by_category\": {", count, total / 100, q(largest)
    for (i = 1; i <= nc; i++) printf "%s%s: %.2f", (i > 1 ? ", " : ""), q(corder[i]), cat[corder[i]] / 100
    printf "},\n \"by_month\": {"
    for (i = 1; i <= nm; i++) printf "%s%s: %.2f", (i > 1 ? ", " : ""), q(morder[i]), mon[morder[i]] / 100
    printf "}}\n"
}' /workspace/environment/expenses.csv > /workspace/output/report.json
cat /workspace/output/report.json
