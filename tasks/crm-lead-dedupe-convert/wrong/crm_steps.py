"""Steps the wrong solutions of crm-lead-dedupe-convert share, each with one detail to vary:
the reference's moves through the CRM's JSON API, so a script changes only what makes it wrong."""

import os

from mock_services.client import ServiceClient

CRM = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
NOTE = (
    "Kestrel Robotics wants fleet tracking for its three warehouses at USD 48,500 a year; "
    "Priya expects to sign by 17 April 2026."
)


def convert(lead_id=1, amount=48500, close_date="2026-04-17", account=None, deal=True):
    body = {"create_deal": deal}
    if deal:
        body |= {
            "deal_name": "Kestrel Robotics: fleet tracking",
            "amount": amount,
            "currency": "USD",
            "close_date": close_date,
        }
    if account:
        body["account"] = account
    return CRM.call("POST", f"/leads/{lead_id}/convert", body)


def unqualify(lead_id=2):
    return CRM.call("PATCH", f"/leads/{lead_id}", {"status": "unqualified"})


def log_call(converted, body=NOTE, minutes=30, kind="call", deal=True, **extra):
    return CRM.call(
        "POST",
        "/activities",
        {
            "kind": kind,
            "subject": "Call with Priya",
            "body": body,
            "contact_id": converted["contact_id"],
            **({"deal_id": converted["deal_id"]} if deal else {}),
            "duration_minutes": minutes,
            **extra,
        },
    )


def merge(keep=1, duplicate=5):
    return CRM.call("POST", f"/contacts/{keep}/merge", {"duplicate_id": duplicate})


def data_dir():
    return os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data")
