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
