"""``python -m bench.versus_tree``: this checkout, another one and the bare app, side by side,
each checkout on a DB its own code seeded; the other checkout's seeding and server really run
that checkout's code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.versus_tree import SIDES, checkout, compare_trees
from mock_services.core.serve.process import ServiceStartError

ROOT = Path(__file__).resolve().parents[2]


def test_a_folder_without_a_checkout_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        checkout(tmp_path)
    assert str(refused.value) == (
        f"--tree {tmp_path}: no checkout there (expected mock_services/__init__.py)"
    )


@pytest.mark.slow
@pytest.mark.process  # three servers and wrk
def test_the_three_sides_answer_the_write_and_the_tree_serves_its_own_code(
    tmp_path: Path,
) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "mock_services", tree / "mock_services")
    seeding = tree / "mock_services" / "shop" / "__init__.py"
    seeding.write_text(seeding.read_text() + "\nraise SystemExit('the other tree was imported')\n")
    # the tree's code, not ours: its seeding stops on it, naming why
    with pytest.raises(SystemExit, match="seeding shop failed: the other tree was imported"):
        compare_trees(tree, "shop", ["write"], rounds=1, seconds=1, workdir=tmp_path / "v")
    seeding.write_text((ROOT / "mock_services" / "shop" / "__init__.py").read_text())
    serving = tree / "mock_services" / "wsgi.py"  # the server's workers import it, seeding not
    serving.write_text(serving.read_text() + "\nraise SystemExit('the other tree was imported')\n")
    # its log says so, whether granian gave up on the crashing workers before the health
    # check's timeout ("shop exited") or after it (under load)
    with pytest.raises(ServiceStartError, match="the other tree was imported"):
        compare_trees(tree, "shop", ["write"], rounds=1, seconds=1, workdir=tmp_path / "w")
    serving.write_text((ROOT / "mock_services" / "wsgi.py").read_text())
    results = compare_trees(tree, "shop", ["write"], rounds=1, seconds=1, workdir=tmp_path / "x")
    write = results["write"]
    assert all(write["runs"][side][0] > 0 for side in SIDES), write
    assert write["this_over_tree"] > 0 and write["this_over_bare"] > 0, write
