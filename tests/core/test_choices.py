"""``choices``: a picker's options kept from one request to the next, whose ``<option>`` tags
``option_tags`` draws once per choice made, the same tags as a plain list's."""

from __future__ import annotations

from mock_services.core.web.ui import Choices, choices, option_tags


def test_kept_choices_draw_the_tags_a_plain_list_draws_once_per_choice() -> None:
    plain = [("1", "Ann & Bo"), ("2", "Cy <Dee>"), "on_hold"]
    kept = choices(plain)
    assert isinstance(kept, Choices) and kept == (("1", "Ann & Bo"), ("2", "Cy <Dee>"), "on_hold")
    for chosen in ("", "2", "on_hold", None):
        assert option_tags(kept, chosen) == option_tags(plain, chosen)
        assert option_tags(kept, chosen, "\n  ", "\n") == option_tags(plain, chosen, "\n  ", "\n")
    assert option_tags(kept, "2") is option_tags(kept, "2")  # drawn once
    assert 'value="2" selected>Cy &lt;Dee&gt;' in option_tags(kept, "2")
    assert option_tags(kept, ["unhashable"]) == option_tags(plain, ["unhashable"])


def test_another_list_of_the_same_options_is_drawn_for_itself() -> None:
    first, second = choices([("a", "A")]), choices([("a", "B")])
    assert option_tags(first, "a") != option_tags(second, "a")
