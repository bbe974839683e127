"""The results viewer in Chromium over real runs: the oracle and the null agent on one task,
recorded by the local runner (`invoke oracle --record`) and served by `invoke view --compare`:
the run page filters and sorts, a trial page opens a call to the rows it changed, and the
comparison points at the first call where the two trajectories differ."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from taskkit.runview.load import load_run
from taskkit.runview.render import write_site

pytestmark = [pytest.mark.process, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
TASK = "shop-duplicate-order-cancel"


def _record(run: Path, *agent: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "taskkit", "oracle", "--task", TASK, "--record", str(run), *agent],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The oracle's and the null agent's runs of the task, recorded once."""
    work = tmp_path_factory.mktemp("viewer")
    _record(work / "oracle")
    _record(work / "null", "--null")
    return work


@pytest.fixture(scope="module")
def served(recorded: Path) -> Iterator[str]:
    work = recorded
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "taskkit",
            "view",
            str(work / "oracle"),
            "--compare",
            str(work / "null"),
            "--port",
            "0",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        address = ""
        assert server.stdout is not None
        for line in server.stdout:
            if found := re.search(r"(http://127\.0\.0\.1:\d+)/", line):
                address = found.group(1)
                break
        assert address, "the viewer printed no address"
        yield address
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_run_page_lists_the_trial_and_its_checkpoint_matrix(served: str, page: Any) -> None:
    page.goto(f"{served}/index.html")
    heading = page.get_by_role("heading", level=1).inner_text()
    assert heading == "1 trial: 1 of 1 scored as expected", heading
    trials = page.get_by_role("table", name="Trials", exact=True)
    assert trials.get_by_role("row").count() == 2  # the header and the oracle's trial
    page.get_by_label("Filter by outcome").select_option("zero")
    assert page.locator("#trials tbody tr:not([hidden])").count() == 0
    assert page.locator("form[data-filters] output").inner_text() == "0 shown"
    page.get_by_label("Filter by outcome").select_option("")
    matrix = page.get_by_role("table", name=f"Checkpoints of {TASK}")
    assert matrix.get_by_role("cell", name="pass").count() == 4


def test_a_trial_page_opens_a_call_to_the_rows_it_changed(served: str, page: Any) -> None:
    page.goto(f"{served}/index.html")
    page.locator("#trials tbody a").first.click()
    page.wait_for_load_state()
    assert TASK in page.get_by_role("heading", level=1).inner_text()
    checkpoints = page.get_by_role("table", name="Checkpoints", exact=True)
    assert checkpoints.get_by_role("row").count() == 5  # the header and 4 checkpoints
    first = page.locator("details.call").first
    assert "cancel_order" in first.locator("summary").inner_text()
    first.locator("summary").click()
    changed = first.get_by_role("table")
    assert changed.first.is_visible()
    texts = changed.all_inner_texts()
    assert any(re.search(r'status\s+"processing"\s+"cancelled"', t) for t in texts), texts
    assert page.get_by_role("heading", name="End state against the seed").is_visible()


def test_the_comparison_names_the_changed_verdict_and_the_first_differing_call(
    served: str, page: Any
) -> None:
    page.goto(f"{served}/compare.html")
    heading = page.get_by_role("heading", level=1).inner_text()
    assert heading.startswith("Two runs side by side: 1 of 1 trial changed outcome"), heading
    row = page.locator("#pairs tbody tr").first
    assert "call #1" in row.inner_text()
    row.get_by_role("link", name="left").click()  # the oracle's first call, opened
    page.wait_for_load_state()
    assert page.url.endswith("#call-0") and page.locator("#call-0").get_attribute("open") == ""


def test_a_checkpoints_call_opens_in_the_timeline_citing_it_back(
    recorded: Path, tmp_path: Path, page: Any
) -> None:
    """The oracle's real run, its first checkpoint's evidence naming the first call (as the
    verifier SDK records it: which audit entries it read and picked out): the link opens the
    call, which names the checkpoint with a link back."""
    run = tmp_path / "run"
    shutil.copytree(recorded / "oracle", run)
    (trial,) = (run / "trials").iterdir()
    first = json.loads((trial / "calls.json").read_text())[0]
    (meta_file,) = (trial / "checkpoints").glob("*.json")
    meta = json.loads(meta_file.read_text())
    name = next(iter(meta["_meta_checkpoints"]))
    meta["_meta_checkpoints"][name]["evidence"] = {
        "calls": [{"service": first["service"], "id": first["id"], "matched": True}],
        "state": [],
    }
    meta_file.write_text(json.dumps(meta))
    index = write_site(load_run(run), tmp_path / "site")
    page.goto(index.parent.joinpath("trials", f"{trial.name}.html").as_uri())
    row = page.locator(f"#checkpoint-{meta_file.stem}-{name}")
    assert page.locator("#call-0").get_attribute("open") is None
    row.get_by_role("link", name=re.compile(r"^#1 ")).click()
    call = page.locator("#call-0")
    # the page opens the call on the hash change, a moment after the click: wait for it
    page.wait_for_function("document.querySelector('#call-0').open", timeout=5000)
    assert call.get_attribute("open") == "", "the call did not open where the link landed"
    assert f"picked out by {name}" in call.locator("summary").inner_text()
    call.get_by_role("link", name=name).click()
    assert page.url.endswith(f"#checkpoint-{meta_file.stem}-{name}")


def test_the_compared_runs_own_page_opens_its_trials(served: str, page: Any) -> None:
    page.goto(f"{served}/compare.html")
    page.get_by_role("link", name=re.compile(r"null \(ours\)$")).click()
    page.wait_for_load_state()
    assert page.url.endswith("/right/index.html")
    heading = page.get_by_role("heading", level=1).inner_text()
    assert heading.startswith("The right-hand run: 1 trial"), heading
    page.locator("#trials tbody a").first.click()
    page.wait_for_load_state()
    assert (
        "/right/trials/" in page.url and "null" in page.get_by_role("heading", level=1).inner_text()
    )
