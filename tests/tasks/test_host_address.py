"""The address the Docker task tests give containers to reach the host (the stand-in judge):
read from the bridge's interface, so a daemon whose bridge network has no IPAM ``Gateway``
(a freshly started one may leave it out) works too. No daemon needed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from taskkit import stand_in_judge
from tests.tasks import harness


def _client(bridge_attrs: dict) -> SimpleNamespace:
    network = SimpleNamespace(attrs=bridge_attrs)
    return SimpleNamespace(networks=SimpleNamespace(get={"bridge": network}.__getitem__))


def test_a_bridge_without_an_ipam_gateway_gives_its_interface_address() -> None:
    attrs = {
        "IPAM": {"Driver": "default", "Config": [{"Subnet": "172.17.0.0/16"}]},
        "Options": {"com.docker.network.bridge.name": "lo"},
    }
    assert harness.docker_host_address(_client(attrs)) == "127.0.0.1"


def test_the_default_bridge_interface_is_docker0(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(
        stand_in_judge, "interface_ipv4", lambda name: asked.append(name) or "10.0.0.1"
    )
    assert harness.docker_host_address(_client({"IPAM": {"Config": []}})) == "10.0.0.1"
    assert asked == ["docker0"]


def test_a_missing_interface_is_named() -> None:
    with pytest.raises(OSError, match="interface 'nosuchbr0' has no IPv4 address"):
        harness.interface_ipv4("nosuchbr0")
