"""Basic lands named in another language: `20 Montaña`, `18 Gebirge`, `8 山`.

Card names are read in English (every game's card data is English), so a list typed in a
player's own language, or exported by a client set to it, names cards the data lacks. Its
basic lands are the lines most such lists share and the ones a player is surest of: each
is told its English name (the `unknown-card` error says the language and suggests the
English card) rather than "a card printed since the data", which no sync mends, with
suggestions spelled alike in English (`Mountain Titan` for `Montaña`).

The names are those printed on the basic lands of Magic's printed languages but Korean,
which this table does not hold: a name not listed here is reported as any unknown name.
A list's basic land in another language also tells the language of its other names the
data lacks (`Blitzschlag` beside `Gebirge`): those are told card names are read in English
(in_the_lists_language), not that they may be newer than the data.
"""
from __future__ import annotations

from ...names import fold
from ...problem import Problem

# English name -> {language: the name printed on the card in that language}
_PRINTED = {
    "Plains": {"German": "Ebene", "French": "Plaine", "Italian": "Pianura", "Spanish": "Llanura",
               "Portuguese": "Planície", "Russian": "Равнина", "Japanese": "平地", "Chinese": "平原"},
    "Island": {"German": "Insel", "French": "Île", "Italian": "Isola", "Spanish": "Isla",
               "Portuguese": "Ilha", "Russian": "Остров", "Japanese": "島", "Chinese": "海岛",
               "Chinese (Traditional)": "海島"},
    "Swamp": {"German": "Sumpf", "French": "Marais", "Italian": "Palude", "Spanish": "Pantano",
              "Portuguese": "Pântano", "Russian": "Болото", "Japanese": "沼", "Chinese": "沼泽",
              "Chinese (Traditional)": "沼澤"},
    "Mountain": {"German": "Gebirge", "French": "Montagne", "Italian": "Montagna", "Spanish": "Montaña",
                 "Portuguese": "Montanha", "Russian": "Гора", "Japanese": "山", "Chinese": "山脉",
                 "Chinese (Traditional)": "山脈"},
    "Forest": {"German": "Wald", "French": "Forêt", "Italian": "Foresta", "Spanish": "Bosque",
               "Portuguese": "Floresta", "Russian": "Лес", "Japanese": "森", "Chinese": "树林",
               "Chinese (Traditional)": "樹林"},
}
# The folded name -> (English name, [(language, its spelling)]). Accents fold (`Foret`), as
# card names compare, so two languages may share a name: Spanish `Pantano` and Portuguese
# `Pântano` are one.
_BY_NAME: dict[str, tuple[str, list[tuple[str, str]]]] = {}
for _english, _names in _PRINTED.items():
    for _language, _name in _names.items():
        _BY_NAME.setdefault(fold(_name), (_english, []))[1].append((_language, _name))


def english_basic(name: str) -> tuple[str, str] | None:
    """(the English basic land, the language) `name` is, when it is a basic land's name in
    another language, else None. Of two languages that share the name folded, the one it
    is spelled as, accents and all (`Pantano`: Spanish), else both (`Pantano` typed for
    Portuguese's `Pântano` is still read as Spanish; `PANTANO` is Spanish or Portuguese)."""
    found = _BY_NAME.get(fold(name))
    if found is None:
        return None
    english, spellings = found
    exact = [language for language, spelling in spellings if spelling == name.strip()]
    languages = exact or [language for language, _ in spellings]
    return english, " or ".join(languages)


def foreign_basic_message(name: str) -> str | None:
    """Why `name` is no card of the data when it is a basic land in another language."""
    found = english_basic(name)
    if found is None:
        return None
    english, language = found
    return f"{name!r} is {language} for {english}: card names are read in English; write `{english}`"


def in_the_lists_language(problems: list[Problem]) -> list[Problem]:
    """A deck's `unknown-card` problems, those of names no reason explains (`unexplained`:
    perhaps cards newer than the data) saying card names are read in English when the list
    names a basic land in another language: the player typed the list in their own
    language, and no sync mends `Blitzschlag` beside `Gebirge`. The replaced problems lose
    `unexplained`, so no newer-card note is added to them (pipeline._maybe_newer)."""
    if not any(problem.unexplained for problem in problems):
        return problems
    for problem in problems:
        found = english_basic(problem.card) if problem.card and not problem.unexplained else None
        if found is not None:
            english, language = found
            break
    else:
        return problems
    where = "the list" if problem.line is None else f"line {problem.line}"
    note = f" (card names are read in English, and {where} names {english} in {language}: write each card's English name)"
    return [other.replace(message=other.message + note) if other.unexplained else other for other in problems]
