"""How the audit log numbers a request's changes, in plain Python: the verifier SDK reads the log
without the ORM (``audit_read``)."""

from __future__ import annotations

CHANGE_ID_BITS = 20
"""A change's id is its request's id shifted left by this, plus its place among the request's
changes (``change_ids``): a request's changes are one range of the primary key, so no index on
``request_id`` is kept up by every audited write."""


def change_ids(first_request: int, last_request: int | None = None) -> tuple[int, int]:
    """The first and last change id the requests ``first_request`` to ``last_request``
    (inclusive; default: the first alone) can have."""
    last = first_request if last_request is None else last_request
    return first_request << CHANGE_ID_BITS, ((last + 1) << CHANGE_ID_BITS) - 1


CHANGES_VIEW = "_audit_changes"
"""The audit log's changes, one row each: a view over their requests' ``changes`` column."""
CHANGE_COLUMNS = ("id", "request_id", "table_name", "row_id", "action", "before", "after")
JSON_CHANGE_COLUMNS = frozenset(("before", "after"))
"""The view's columns that hold JSON text (a view's columns carry no declared type)."""
_FIELDS = ", ".join(f"json_extract(c.value, '$[{n}]')" for n in range(5))
CHANGES_VIEW_SQL = (
    f"CREATE VIEW {CHANGES_VIEW} ({', '.join(CHANGE_COLUMNS)}) AS "
    f"SELECT (r.id << {CHANGE_ID_BITS}) + c.key, r.id, {_FIELDS} "
    "FROM _audit_requests AS r, json_each(r.changes) AS c"
)
"""A request keeps its changes as one JSON array of ``[table, row id, action, before, after]``
(NULL: none), written with its row in one insert; the view numbers each by ``change_ids``, so
a change's id is its request's id shifted left plus its place in the array. Its ``before`` and
``after`` are JSON text (NULL for none); a reader that filters on ``request_id`` reads only
those requests' rows."""
