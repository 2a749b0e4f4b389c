"""What a loaded format and a card catalog remember by event day is bounded: a website's
users name any day from 0001-01-01 to 9999-12-31, and every new day (and platform) left
the format's lists in force that day, its `as_of` and the catalog's card-pool verdicts
behind for ever (the same legal Modern list on 4,000 days grew a server by 19.7 MB, 5 KB a
day, for every format; Commander and Yu-Gi-Oh! more). Forgetting changes no answer."""
from __future__ import annotations

import datetime as dt

import pytest

from deckcheck import validate
from deckcheck import freshness
from deckcheck.formats import load, model
from deckcheck.games.mtg import catalog as mtg_catalog
from deckcheck.pipeline import card_catalog

DECKS = [
    ("4 Lightning Bolt\n4 Mox Opal\n52 Mountain\n", "mtg/modern"),
    ("Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n98 Forest\n", "mtg/commander"),
    ("#main\n89631139\n89631139\n89631139\n14558127\n", "yugioh/advanced-tcg"),
    ("1 Hogger\n59 Frostbolt\n", "wow/constructed"),
]
PLATFORMS = ("paper", "mtgo", "arena")


def _days(count: int) -> list[tuple[dt.date, str]]:
    return [(dt.date(2003, 1, 1) + dt.timedelta(days=17 * index), PLATFORMS[index % 3]) for index in range(count)]


def _answers(text: str, format_id: str, days: list[tuple[dt.date, str]]) -> list[object]:
    platforms = PLATFORMS if format_id.startswith("mtg/") else ("paper",)
    return [validate(text, format_id, day, platform=platform if platform in platforms else "paper").to_dict()
            for day, platform in days]


def _forget(fmt: model.Format) -> None:
    fmt._on_date.clear()
    fmt.memo.pop("as_of", None)
    catalog = card_catalog(fmt, None, offline=True)
    if catalog is not None:
        catalog.memo.clear()


@pytest.mark.parametrize(("text", "format_id"), DECKS)
def test_a_format_remembers_a_bounded_number_of_days_and_answers_the_same(monkeypatch, text, format_id):
    days = _days(120)
    fmt = load(format_id)
    _forget(fmt)
    expected = _answers(text, format_id, days)  # within the default bounds: nothing forgotten
    monkeypatch.setattr(model, "MAX_DATED_ANSWERS", 40)
    monkeypatch.setattr(freshness, "MAX_DATED_ANSWERS", 40)
    monkeypatch.setattr(mtg_catalog, "MAX_MEMO_KEYS", 16)
    _forget(fmt)
    catalog = card_catalog(fmt, None, offline=True)
    got, sizes = [], []
    for day, platform in days:
        got.extend(_answers(text, format_id, [(day, platform)]))
        sizes.append((len(fmt._on_date), len(fmt.memo.get("as_of", ())), len(getattr(catalog, "memo", ()))))
    assert got == expected
    assert max(on_date for on_date, _, _ in sizes) <= 40
    assert max(as_of for _, as_of, _ in sizes) <= 40
    assert max(memo for _, _, memo in sizes) <= 16 + 4  # a deck's own tables past the bound, then forgotten
    assert min(on_date for on_date, _, _ in sizes[60:]) < 40  # it did forget


def test_the_bound_leaves_room_for_a_batch_on_every_platform():
    # A batch or a check run names one day (two with the card data's snapshot), on up to
    # three platforms: about a dozen answers each, never forgotten mid-run.
    assert model.MAX_DATED_ANSWERS >= 1_000
