"""Which agents need an image with Chromium: the Docker runner builds slim images otherwise,
where a web-UI alternative driving Chromium dies on a missing browser."""

from __future__ import annotations

from pathlib import Path

from taskkit.agents import drives_a_browser


def test_an_agent_that_imports_the_browser_helpers_needs_chromium(tmp_path: Path) -> None:
    task = tmp_path / "task"
    (task / "alternatives").mkdir(parents=True)
    (task / "wrong").mkdir()
    (task / "alternatives" / "ui-forms.sh").write_text(
        "python3 - <<'PY'\nfrom mock_services.browser import browser_page\nPY\n"
    )
    (task / "alternatives" / "mcp-tools.sh").write_text("curl -s http://127.0.0.1:1234/mcp\n")
    (task / "wrong" / "by-helper.sh").write_text('PYTHONPATH="$(dirname "$0")" python3 -c 1\n')
    (task / "wrong" / "pages.py").write_text("from mock_services.browser import browser_page\n")
    assert drives_a_browser(task, "ui")
    assert drives_a_browser(task, "alternative:ui-forms")
    assert not drives_a_browser(task, "alternative:mcp-tools")
    assert drives_a_browser(task, "wrong:by-helper"), "a helper module beside it drives one"
    assert not drives_a_browser(task, "oracle") and not drives_a_browser(task, "null")
