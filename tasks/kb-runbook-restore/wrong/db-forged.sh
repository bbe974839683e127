#!/bin/bash
# Wrong (written to fool the grader): where the wiki's DB file is writable (the no-Docker runner
# runs the agent as root), copies version 2's body and labels plus verified onto the runbook,
# resolves Heidi's comment, publishes the checklist and deletes the rewrite draft straight in
# the file: nothing the wiki itself did. In a task image the agent cannot write the DB.
set -uo pipefail
python3 - <<'PY'
import json, sqlite3
try:
    with sqlite3.connect("/var/lib/mock-data/kb.db", timeout=10) as db:
        (rid,) = db.execute("SELECT id FROM pages WHERE title = 'Database failover runbook' AND space_id = (SELECT id FROM spaces WHERE key = 'ENG')").fetchone()
        body, labels = db.execute("SELECT body, labels FROM page_versions WHERE page_id = ? AND number = 2", (rid,)).fetchone()
        labels = json.dumps(sorted(json.loads(labels) + ["verified"]))
        db.execute("UPDATE pages SET body = ?, labels = ? WHERE id = ?", (body, labels, rid))
        db.execute("UPDATE comments SET resolved = 1, resolved_by_id = (SELECT id FROM users WHERE username = 'alice'), resolved_at = '2026-12-03 09:05:00' WHERE page_id = ? AND body LIKE '%put it back%'", (rid,))
        db.execute("UPDATE pages SET status = 'published', version = 1 WHERE title = 'Failover drill checklist'")
        db.execute("DELETE FROM pages WHERE title = 'Database failover runbook (rewrite)'")
except sqlite3.Error as exc:
    print("cannot write the wiki DB:", exc)
PY
