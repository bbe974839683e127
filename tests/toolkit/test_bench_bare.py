"""``invoke bench services``' bare reference (``bench/bare_app.py``): on the shop's own DB it
answers the loaded requests with the JSON ours answers, its write is a real write that ours
then reads, and the ``wrk`` script the benchmark renders really sends the write."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import requests
from werkzeug.test import Client

from bench import bare_reads
from bench.in_process import seeded_with_loads, wsgi_apps
from bench.load import logged_in
from bench.versus_bare import BareProcess, service_loads
from bench.wrk import WrkLoad, parse_wrk
from tests.conftest import running_service
from tests.helpers import ApiClient

pytestmark = pytest.mark.slow


@pytest.mark.process  # runs a subprocess
def test_the_bare_app_answers_the_shops_requests_as_ours_does(tmp_path: Path) -> None:
    with running_service("shop", tmp_path) as shop:
        bare = BareProcess(tmp_path / "shop.db", "shop", {}, workers=1)
        try:
            http = logged_in("shop", shop.url)
            for path in ("/api/products/3", "/api/products?brand=Brewmaster&sort=price_asc"):
                ours = http.get(shop.url + path, timeout=30)
                theirs = http.get(bare.url + path, timeout=30)
                assert ours.status_code == theirs.status_code == 200, path
                assert theirs.json() == ours.json(), path
            line = http.post(shop.url + "/api/cart/items", json={"product_id": 3}, timeout=30)
            line_id = line.json()["lines"][0]["id"]
            written = http.patch(
                f"{bare.url}/api/cart/items/{line_id}", json={"quantity": 4}, timeout=30
            )
            assert written.status_code == 200
            assert written.json() == http.get(shop.url + "/api/cart", timeout=30).json()
            assert written.json()["lines"][0]["quantity"] == 4
        finally:
            bare.stop()


@pytest.mark.process  # runs a subprocess
@pytest.mark.parametrize("service", bare_reads.services())
def test_the_bare_app_answers_every_loaded_read_as_ours_does(service: str, tmp_path: Path) -> None:
    data_dir, loads = seeded_with_loads(service, tmp_path)
    apps = {side: Client(app) for side, app in wsgi_apps(service, data_dir).items()}
    read = loads["get_by_id"]
    assert read.values, f"{service}: the benchmark loads no ids"
    for value in read.values:
        path = read.path % value
        ours = apps["ours"].get(path, headers=read.headers)
        theirs = apps["bare"].get(path, headers=read.headers)
        assert (ours.status_code, theirs.status_code) == (200, 200), path
        assert theirs.get_json() == ours.get_json(), f"{service} {path}: the bare answer differs"
    assert apps["bare"].get(read.path % "0", headers=read.headers).status_code == 404


@pytest.mark.process  # runs a subprocess
def test_the_bare_app_answers_any_service_one_row_by_id(tmp_path: Path) -> None:
    with running_service("airline", tmp_path) as airline:
        bare = BareProcess(tmp_path / "airline.db", "airline", {"flights": "flights"}, workers=1)
        try:
            loads = service_loads("airline", airline.url)
            flight = loads["get_by_id"].values[0]
            ours = requests.get(f"{airline.url}/api/flights/{flight}", timeout=30).json()
            row = requests.get(f"{bare.url}/api/flights/{flight}", timeout=30).json()
            assert row["id"] == ours["id"] == int(flight)
            assert requests.get(f"{bare.url}/api/bookings/1", timeout=30).status_code == 404
        finally:
            bare.stop()


@pytest.mark.process  # runs a subprocess
def test_the_bare_app_answers_a_row_the_url_names_by_another_column(tmp_path: Path) -> None:
    with running_service("helpdesk", tmp_path) as helpdesk:
        tables = {"requesters": "requesters.email"}  # a resource with no same-JSON route
        bare = BareProcess(tmp_path / "helpdesk.db", "helpdesk", tables, workers=1)
        try:
            http = logged_in("helpdesk", helpdesk.url)
            email = http.get(f"{helpdesk.url}/api/requesters/1", timeout=30).json()["email"]
            row = requests.get(f"{bare.url}/api/requesters/{email}", timeout=30).json()
            assert (row["id"], row["email"]) == (1, email), row
            missing = requests.get(f"{bare.url}/api/requesters/nobody@example.test", timeout=30)
            assert missing.status_code == 404
        finally:
            bare.stop()


@pytest.mark.process  # runs a subprocess
@pytest.mark.skipif(shutil.which("wrk") is None, reason="needs wrk")
def test_the_rendered_wrk_script_sends_the_write(tmp_path: Path) -> None:
    with running_service("shop", tmp_path, workers=1) as shop:
        write = service_loads("shop", shop.url)["write"]
        script = tmp_path / "write.lua"
        script.write_text(write.script())
        run = subprocess.run(
            ["wrk", "-t1", "-c2", "-d1s", "-s", str(script), shop.url],
            check=True,
            capture_output=True,
            text=True,
        )
        figures = parse_wrk(run.stdout)
        assert figures["requests_per_second"] > 0 and figures["non_2xx"] == 0
        http = logged_in("shop", shop.url)
        audit = ApiClient(shop.url, shop.admin_token).audit()
        patches = [e for e in audit if e["method"] == "PATCH"]
        assert patches and all(e["status"] == 200 for e in patches)
        quantities = {
            line["quantity"]
            for line in http.get(shop.url + "/api/cart", timeout=30).json()["lines"]
        }
        assert quantities <= set(range(1, 10))


def test_a_load_without_values_is_refused() -> None:
    with pytest.raises(ValueError, match="values"):
        WrkLoad(path="/api/products/%s", values=[])
