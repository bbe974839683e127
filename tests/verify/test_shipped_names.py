"""Each shipped service's ``names.json`` says what its models and app have now (a verifier checks
its names against the file), and a missing or broken file is an error naming it and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services import names_index
from mock_services.registry import SERVICE_MODULES
from mock_services.verify import shipped_names
from mock_services.verify.names import service_names
from mock_services.verify.shipped_names import ShippedNames, names_file, read_shipped


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_each_services_names_file_is_what_the_service_has(service: str) -> None:
    on_disk = read_shipped(service)
    now = names_index.computed_names(service)
    for part in ("tables", "routes", "operations", "reads"):
        assert getattr(on_disk, part) == getattr(now, part), (
            f"{names_file(service)}'s {part} differ from the service's: "
            f"run python -m mock_services.names_index {service}"
        )


def test_the_file_is_what_a_verifier_checks_names_against() -> None:
    names = service_names("shop")
    shipped = read_shipped("shop")
    assert names.routes == tuple(shipped.routes)
    assert ("POST", "/api/orders/<code>/cancel") in names.routes
    assert names.operations == frozenset(shipped.operations) and "checkout" in names.operations
    assert names.tables["orders"] >= {"code", "status"}


def test_a_missing_file_names_itself_and_the_command_that_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "names.json"
    monkeypatch.setattr(shipped_names, "names_file", lambda _service: gone)
    with pytest.raises(FileNotFoundError) as error:
        read_shipped("kb")
    assert str(error.value) == (
        f"{gone} is missing: write it with `python -m mock_services.names_index kb`"
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"tables": {}, "routes": [], "operations": []}', "('reads',): Field required"),
        ('{"tables": [], "routes": [], "operations": [], "reads": []}', "('tables',): Input"),
        ("not json", "(): Invalid JSON"),
    ],
)
def test_a_broken_file_names_itself_the_field_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str, said: str
) -> None:
    broken = tmp_path / "names.json"
    broken.write_text(content)
    monkeypatch.setattr(shipped_names, "names_file", lambda _service: broken)
    with pytest.raises(ValueError) as error:
        read_shipped("kb")
    message = str(error.value)
    assert message.startswith(f"{broken} is not a service's names ({said}"), message
    assert message.endswith("write it again with `python -m mock_services.names_index kb`")
    assert broken.read_text() == content  # reading never touches it


def test_the_command_writes_the_files_it_is_given_and_refuses_an_unknown_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(names_index, "names_file", lambda service: tmp_path / f"{service}.json")
    assert names_index.main(["kb"]) == 0
    written = ShippedNames.model_validate_json((tmp_path / "kb.json").read_text())
    assert written == names_index.computed_names("kb")
    assert capsys.readouterr().out == f"wrote {tmp_path / 'kb.json'}\n"
    assert names_index.main(["kb", "bank"]) == 2
    assert "unknown service 'bank'; expected one of: shop, airline" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.json"]  # nothing half-written
