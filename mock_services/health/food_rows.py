"""The food catalogue's rows, a function where they were a template loop: the catalogue draws
fifty, each with its own add-to-diary form, and the loop's escapes and template calls made the
page cost four times its JSON (the markup is the one ``foods.html`` wrote, byte for byte)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from flask import url_for
from markupsafe import Markup

from mock_services.core.web.controls import field_error
from mock_services.core.web.ui import form_for, number, status_words, text_escaped
from mock_services.health.schemas import FoodOut


def food_rows(foods: Iterable[FoodOut], day: date, meal: str, meals: Sequence[str]) -> Markup:
    """Each food's row (its name, serving and nutrients, and a form adding it to ``meal`` on
    ``day``), as the page's table lists them; a refused form's row shows its values and
    messages again."""
    add_entry = url_for("health_ui.entry_add")
    meal_options = _meal_options(meals, meal)
    shown_day = text_escaped(day)
    return Markup(
        "\n  "
        + "".join(
            f"\n  {_row(f, shown_day, add_entry, meals, meal, meal_options)}\n  " for f in foods
        )
    )


def _row(
    f: FoodOut, day: str, add_entry: str, meals: Sequence[str], meal: str, meal_options: str
) -> str:
    e = text_escaped
    entry = form_for(add_entry, food_id=f.id)
    brand = f" ({e(f.brand)})" if f.brand else ""
    refused = bool(entry.refused)
    options = _meal_options(meals, entry.value("meal", meal)) if refused else meal_options
    return (
        f'<tr data-code="{e(f.code)}"><td><a href="'
        f'{e(url_for("health_ui.food_page", food_id=f.id))}">{e(f.name)}</a>{brand}'
        f"{' · mine' if f.custom else ''}</td>\n"
        f"    <td>{e(f.serving)}</td><td>{e(number(f.kcal))}</td>"
        f"<td>{e(number(f.protein_g))} g</td><td>{e(number(f.carbs_g))} g</td>"
        f"<td>{e(number(f.fat_g))} g</td>\n"
        f'    <td><form method="post" action="{e(add_entry)}">\n'
        f'      <input type="hidden" name="day" value="{day}">'
        f'<input type="hidden" name="food_id" value="{f.id}">\n'
        f'      <label>Servings <input name="servings" type="number" step="0.25" min="0.25"'
        f' max="50" value="{e(entry.value("servings", 1))}" class="servings"></label>'
        f"{field_error(entry, 'servings') if refused else ''}\n"
        f'      <label>Meal <select name="meal" class="meal">{options}</select></label>'
        f"{field_error(entry, 'meal') if refused else ''}\n"
        f'      <button type="submit" class="add" aria-label="Add {e(f.name)}{brand}">Add</button>'
        f"</form></td></tr>"
    )


def _meal_options(meals: Sequence[str], chosen: str) -> str:
    e = text_escaped
    return "".join(
        f'<option{" selected" if m == chosen else ""} value="{e(m)}">{e(status_words(m))}</option>'
        for m in meals
    )
