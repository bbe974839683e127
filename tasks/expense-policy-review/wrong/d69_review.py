"""Shared by the d69 scripts: review the waiting reports as the reference does, with the approval
note and rejection reason written by the given functions."""

from collections.abc import Callable
from typing import Any

from mock_services.client import ServiceClient

Report = dict[str, Any]


def over_items(report: Report) -> list[dict[str, Any]]:
    """The report's items above their category's limit, in the base currency."""
    return [item for item in report["items"] if item["over_limit"]]


def plain_reason(report: Report) -> str:
    """The reference's rejection reason."""
    return "Over the category limit: " + ", ".join(i["merchant"] for i in over_items(report))


def review(
    note: Callable[[Report], str | None] = lambda report: None,
    reason: Callable[[Report], str] = plain_reason,
) -> None:
    """Approve each waiting report within policy, reject each with an over-limit item."""
    api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
    waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
    for summary in waiting:
        report = api.call("GET", f"/reports/{summary['id']}")
        if over_items(report):
            api.call("POST", f"/reports/{report['id']}/reject", {"reason": reason(report)})
        else:
            api.call("POST", f"/reports/{report['id']}/approve", {"note": note(report)})


def limits() -> dict[str, float]:
    """Each category's per-item limit, by slug."""
    api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
    return {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}


def amounts_reason(report: Report, limit_factor: float = 1.0, compare: str = "above") -> str:
    """Each over-limit merchant with its base amount and ``limit_factor`` times its limit."""
    lim = limits()
    return "Over the category limit: " + "; ".join(
        f"{i['merchant']} (USD {i['base_amount']:.2f} is {compare} the {i['category']} limit of "
        f"USD {lim[i['category']] * limit_factor:.2f})"
        for i in over_items(report)
    )


def within_reason(report: Report) -> str:
    """The right merchants, each said to be within its limit (its original-currency amount)."""
    return (
        plain_reason(report)
        + " ("
        + ", ".join(
            f"{i['merchant']}: {i['amount']:.2f} {i['currency']} is within the limit"
            for i in over_items(report)
        )
        + ")"
    )


def dearest(report: Report) -> str:
    """The merchant of the report's most expensive item in the base currency."""
    return max(report["items"], key=lambda i: i["base_amount"])["merchant"]


def review_with_reason_for(code: str, text: str) -> None:
    """Review as the reference does, but give report ``code`` the rejection reason ``text``."""
    review(reason=lambda report: text if report["code"] == code else plain_reason(report))
