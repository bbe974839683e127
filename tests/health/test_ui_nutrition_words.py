"""The nutrition table reads as MyFitnessPal's diary does: each nutrient by its name with its
unit ("Protein 0 g of 75 g"), no field names ("protein_g") nor floats ("75.0"), and each
standing in words ("Under goal", "Within limit")."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_the_nutrition_table_says_nutrients_in_words_with_units(bob: ApiClient) -> None:
    day = "2026-02-28"
    answer = expect(bob.get("/api/nutrition", params={"day": day}), 200)
    page = as_browser(bob).get("/", params={"day": day}).text
    table = page[page.index('id="nutrition"') :].split("</table>")[0]
    text = shown_text(table)
    for raw in ("protein_g", "carbs_g", "sodium_mg", "fat_g"):
        assert raw not in text, text
    assert not re.search(r"\d\.0\b", text), text
    shown = re.findall(r'<td class="status">([^<]*)</td>', table)
    assert shown and all(s[:1].isupper() and " " in s for s in shown), shown
    protein = next(n for n in answer["nutrients"] if n["nutrient"] == "protein_g")
    start = table.index(">", table.index('data-nutrient="protein_g"')) + 1
    row = shown_text(table[start:].split("</tr>")[0])
    eaten, goal = f"{protein['total']:g}", f"{protein['goal']:g}"
    assert row.startswith(f"Protein {eaten} g of {goal} g"), row
    statuses = {"under": "Under goal", "met": "Goal met", "within": "Within limit"}
    statuses |= {"over": "Over limit", "none": "No goal"}
    assert row.endswith(statuses[protein["status"]]), row
