"""Shared by the d69 scripts: publish, list and announce the postmortem as the reference does,
with the free text given (labels, version messages, the index line, the mail)."""

from mock_services.client import ServiceClient

TITLE = "Postmortem: checkout payment failures"
BODY = """# Postmortem: checkout payment failures

## Summary
On Tuesday 1 December card payments at checkout failed from 09:14 to 10:52 UTC: the payments
gateway answered 502 because its TLS certificate had expired.

## Timeline (UTC)
- 09:14 the certificate of pay-gw.internal expires; card payments start failing
- 09:40 Frank reports the failures; the load balancer change is suspected
- 10:40 the load balancer change is rolled back, which does not help
- 10:47 Frank renews the certificate
- 10:52 the gateway has reloaded and the errors stop

## Root cause
The TLS certificate of the payments gateway (pay-gw.internal) expired. The load balancer change
of that morning was unrelated.

## Impact
1,312 checkouts failed. No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |
| apology with a 10% voucher to the affected customers | Grace | 4 December |
"""
MAIL = "Hi Frank, hi Grace,\n\nthe postmortem is in the wiki: {url}\n{extra}"


def publish(
    labels: tuple[str, ...] = ("checkout", "postmortem"),
    page_message: str = "Postmortem of 1 December",
    index_suffix: str = "",
    index_message: str = "List the payments postmortem",
    subject: str = TITLE,
    extra: str = "",
    body_extra: str = "",
) -> None:
    """Do the whole task; ``index_suffix`` follows the new link on the index, ``extra`` the
    page's address in the mail, ``body_extra`` the page's text."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
    pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
    (index,) = [p for p in pages if p["title"] == "Incident reports"]
    page = kb.call(
        "POST",
        "/pages",
        {
            "space": "ENG",
            "parent_id": index["id"],
            "title": TITLE,
            "body": BODY + (f"\n{body_extra}\n" if body_extra else ""),
            "labels": list(labels),
            "message": page_message,
        },
    )
    current = kb.call("GET", f"/pages/{index['id']}")["body"]
    listed = current.replace(
        "\n- [[Postmortem: checkout outage",
        f"\n- [[{page['title']}]]{index_suffix}\n- [[Postmortem: checkout outage",
        1,
    )
    kb.call("PATCH", f"/pages/{index['id']}", {"body": listed, "message": index_message})
    url = f"http://localhost:5130/pages/{page['id']}"
    mail.call(
        "POST",
        "/messages/send",
        {
            "to": ["frank@example.test", "grace@example.test"],
            "subject": subject,
            "body": MAIL.format(url=url, extra=f"\n{extra}\n" if extra else ""),
        },
    )
