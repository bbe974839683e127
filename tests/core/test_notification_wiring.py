"""A seed's wiring to other services on this host moves with ``serve all --port-offset``."""

from __future__ import annotations

from mock_services.core.seeding.seed import NotificationTarget


def test_addresses_on_this_host_move_by_the_offset_and_others_stay() -> None:
    wiring = NotificationTarget(
        email_url="http://127.0.0.1:5001",
        services={
            "calendar": "http://localhost:5006/api",
            "elsewhere": "http://mail.example.test:5001",
            "no_port": "http://127.0.0.1/",
        },
    )
    moved = wiring.moved(20000)
    assert moved.email_url == "http://127.0.0.1:25001"
    assert moved.services == {
        "calendar": "http://localhost:25006/api",
        "elsewhere": "http://mail.example.test:5001",
        "no_port": "http://127.0.0.1/",
    }
    assert wiring.moved(0) is wiring and wiring.email_url == "http://127.0.0.1:5001"
