"""``taskkit.file_lock.held``: a second holder of the same key waits for the first; other keys
do not wait."""

from __future__ import annotations

import threading
import time

from taskkit.file_lock import held, lock_path


def _second_holder(key: str, order: list[str]) -> threading.Thread:
    def hold() -> None:
        with held(key):
            order.append("second")

    return threading.Thread(target=hold)


def test_a_second_holder_of_the_key_waits_for_the_first() -> None:
    order: list[str] = []
    with held("test-file-lock-same"):
        second = _second_holder("test-file-lock-same", order)
        second.start()
        time.sleep(0.2)  # time enough for the second to take the lock, if it could
        order.append("first released")
    second.join(timeout=5)
    assert order == ["first released", "second"], f"expected the second to wait, got {order}"


def test_another_key_does_not_wait() -> None:
    order: list[str] = []
    with held("test-file-lock-one"):
        other = _second_holder("test-file-lock-other", order)
        other.start()
        other.join(timeout=5)
        assert order == ["second"], "a lock on another key made its holder wait"


def test_keys_name_distinct_files_in_the_temporary_folder() -> None:
    assert lock_path("liveclawbench-os:bookworm") != lock_path("/repo/.venv-harbor")
    assert lock_path("a") == lock_path("a")
