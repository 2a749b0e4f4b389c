"""The kinds of `simulate`'s settings, checked as a library caller gives them.

A website passes values from a form or a JSON body: a keep rule that is a number, hand
sizes as text, one assertion where a list goes. Each is refused (or taken) here in the
setting's own words (an OptionError, which a front end names its way), before a parser or
a comparison deep inside meets it as a bare TypeError. The numbers (`hands`, `seed`,
`turns`) are checked in limits.py, with their ranges. The keywords the front ends pass
(`land_drop_turns`, `card_problems`, `names`, `common_random`, `progress`) are checked
here too (`check_front_end_settings`): they are keywords of the library's call like the rest.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import OptionError
from ..limits import MAX_TURNS, is_whole, quoted


def items(value: str | Sequence[str] | None, setting: str, word: str | None = None) -> tuple[str, ...]:
    """A list setting (`cards`, `assertions`, `cast`; deckcheck.yaml's `decks`, `exclude`
    and `assert`) as a tuple of texts: one text is that one item (`assert: "keep7 >=
    0.85"`), None none; anything else an OptionError of `setting`, which its message calls
    `word` (the command's option of it: `card` is `--card`) when given."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    listed = tuple(value) if isinstance(value, (list, tuple)) else None
    if listed is None or not all(isinstance(item, str) for item in listed):
        raise OptionError(setting, f"{quoted(value)}: give a list of texts, such as ['...']", word=word)
    return listed


# The two sides a simulation reports, in this order (its tables, plots, JSON and questions).
SIDES = ("play", "draw")
# The two sides in either game's words: a Magic player is on the play or on the draw, a
# Yu-Gi-Oh! player goes first or second. Reports and the JSON say play and draw.
SIDE_WORDS = {"play": "play", "draw": "draw", "first": "play", "second": "draw"}
SIDES_ASKED = "choose play or draw (Yu-Gi-Oh!: first or second, the same sides)"


def side_of(on: object) -> str:
    """`play` or `draw`, the side `on` names in either game's words; else an OptionError."""
    if isinstance(on, str) and on in SIDE_WORDS:
        return SIDE_WORDS[on]
    if isinstance(on, str) and on.lower() in SIDE_WORDS:
        # Told, not taken, as an output or format id in capitals is (`-o JSON`).
        raise OptionError("on", f"{quoted(on)}: sides are lower case: did you mean {on.lower()}?")
    raise OptionError("on", f"{on!r}: {SIDES_ASKED}")


def check_sources(policy_file: object, card_data: object) -> None:
    """OptionError unless `policy_file` is a path (text or a Path) or None and `card_data`
    answers `is_land(name)` or is None."""
    from pathlib import Path

    if policy_file is not None and not isinstance(policy_file, (str, Path)):
        raise OptionError("policy_file", f"{quoted(policy_file)}: give the policy file's path (a str or a pathlib.Path)")
    if card_data is not None and not callable(getattr(card_data, "is_land", None)):
        raise OptionError("card_data", f"{quoted(card_data)}: give card data that answers is_land(name), or None")


def checked_rules(keep: object, keep_by_size: object) -> tuple[str | None, Mapping[int, str] | None]:
    """`keep` (a rule's text or None) and `keep_by_size` (hand size -> text or None) as
    given, or an OptionError naming the one of another kind."""
    if keep is not None and not isinstance(keep, str):
        raise OptionError("keep", f"{quoted(keep)}: give a keep rule as text, such as 'lands >= 2'")
    if keep_by_size is None:
        return keep, None
    if not isinstance(keep_by_size, Mapping) or not all(
        is_whole(size) and (text is None or isinstance(text, str))
        for size, text in keep_by_size.items()
    ):
        raise OptionError("keep_by_size", f"{quoted(keep_by_size)}: give hand sizes (whole numbers) and keep rules "
                          "as text, such as {6: 'lands >= 1'}")
    return keep, keep_by_size


def check_front_end_settings(*, land_drop_turns: object, card_problems: object, names: object,
                             common_random: object, progress: object, policies: object = None,
                             cards_shared: object = False) -> None:
    """OptionError naming the setting unless `land_drop_turns` is a whole number from 0 (none)
    to MAX_TURNS (each turn is an event worked out on both sides: a million took seconds),
    `card_problems` a list of deckcheck Problems, `names` None or a mapping of texts,
    `common_random` and `cards_shared` True or False, `progress` None or callable and
    `policies` None or a keep.Policies."""
    from ..problem import Problem
    from .keep import Policies

    if not (is_whole(land_drop_turns) and 0 <= land_drop_turns <= MAX_TURNS):
        raise OptionError("land_drop_turns", f"{quoted(land_drop_turns)}: give a turn from 0 (none) to {MAX_TURNS}")
    if not (isinstance(card_problems, (list, tuple)) and all(isinstance(problem, Problem) for problem in card_problems)):
        raise OptionError("card_problems", f"{quoted(card_problems)}: give a list of the card data's problems "
                          "(deckcheck.problem.Problem), or leave it out")
    if names is not None and not (isinstance(names, Mapping) and all(
            isinstance(setting, str) and isinstance(word, str) for setting, word in names.items())):
        raise OptionError("names", f"{quoted(names)}: give each setting's word as text, such as {{'keep': '--keep'}}")
    for setting, value in (("common_random", common_random), ("cards_shared", cards_shared)):
        if not isinstance(value, bool):
            raise OptionError(setting, f"{quoted(value)}: give True or False")
    if progress is not None and not callable(progress):
        raise OptionError("progress", f"{quoted(progress)}: give a function of the games done, or None")
    if policies is not None and not isinstance(policies, Policies):
        raise OptionError("policies", f"{quoted(policies)}: give a deckcheck.engine.keep.Policies, or None")
