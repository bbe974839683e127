"""The SDK refuses a service, table, column or route the service does not have, where the check
is declared, naming the closest names; and the verifier's run ends as a crash, not a 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    UnknownName,
    Verifier,
    calls,
    check_names,
    diff_service,
    expect_changes,
    never_called,
    no_refused_calls,
)


def test_a_column_the_table_lacks() -> None:
    with pytest.raises(UnknownName) as error:
        check_names("health", Changed("appointments", fields={"updated_at": ANY}))
    assert str(error.value) == (
        "no column 'updated_at' in health.appointments; "
        "closest: 'created_at', 'end_at', 'cancelled_at'"
    )
    with pytest.raises(UnknownName, match=r"no column 'stauts' in shop\.orders; closest: 'status'"):
        check_names("shop", Added("orders", match={"stauts": "paid"}))


def test_a_table_the_service_lacks() -> None:
    with pytest.raises(UnknownName) as error:
        check_names("health", Changed("apointments"))
    assert (
        str(error.value) == "no table 'apointments' in health; closest: 'appointments', 'providers'"
    )


def test_a_route_the_service_lacks() -> None:
    check_names("shop", "POST /api/orders/*/cancel", "POST /api/orders/ORD-1*/cancel", "* /*")
    with pytest.raises(UnknownName) as error:
        check_names("shop", "POST /api/order/*/cancel")
    assert str(error.value).startswith(
        "no route 'POST /api/order/*/cancel' in shop; closest: 'POST /api/orders/<code>/cancel'"
    )
    check_names("health", "DELETE /api/appointments/*")  # a method the path lacks: defensive
    with pytest.raises(UnknownName, match="no route 'POST /api/apointments/\\*/cancel' in health"):
        never_called("health", "POST /api/apointments/*/cancel")
    with pytest.raises(UnknownName, match="no route 'POST /api/chekout'"):
        no_refused_calls("shop", except_routes=["POST /api/chekout"])
    with pytest.raises(UnknownName, match=r"no route 'POST /api/order/\*' in shop"):
        calls("shop", "POST", "/api/order/")


def test_a_service_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(UnknownName) as error:
        check_names("helth", directory=tmp_path)
    assert str(error.value) == (
        f"no service 'helth' (nor a seed DB at {tmp_path / 'helth.seed.db'}); closest: 'health'"
    )


def test_a_service_outside_the_registry_is_checked_against_its_db(notes_data: Path) -> None:
    with pytest.raises(UnknownName, match=r"no column 'titel' in notes\.notes; closest: 'title'"):
        expect_changes("notes", [Changed("notes", fields={"titel": ANY})])
    with pytest.raises(UnknownName, match="no table 'note' in notes; closest: 'notes'"):
        diff_service("notes").added("note")
    with pytest.raises(UnknownName, match="no table 'nots' in notes"):
        diff_service("notes").unexpected(["nots"])
    assert expect_changes("notes", [Changed("notes", fields={"title": ANY}, count=None)]).ok


def test_an_unknown_name_crashes_the_verifier_instead_of_scoring_zero() -> None:
    verifier = Verifier("names")

    @verifier.checkpoint(weight=1, rationale="the appointment moved")
    def moved() -> bool:
        check_names("health", Changed("appointments", fields={"updated_at": ANY}))
        return True

    with pytest.raises(UnknownName, match="updated_at"):
        verifier.evaluate()
