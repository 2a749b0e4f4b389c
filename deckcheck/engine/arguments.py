"""The kinds of `simulate`'s settings, checked as a library caller gives them.

A website passes values from a form or a JSON body: a keep rule that is a number, hand
sizes as text, one assertion where a list goes. Each is refused (or taken) here in the
setting's own words (an OptionError, which a front end names its way), before a parser or
a comparison deep inside meets it as a bare TypeError. The numbers (`hands`, `seed`,
`turns`) are checked in limits.py, with their ranges.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import OptionError


def items(value: str | Sequence[str]) -> tuple[str, ...]:
    """A list setting (`cards`, `assertions`, `cast`) as a tuple: one text is that one
    item, as in deckcheck.yaml (`assert: "keep7 >= 0.85"`)."""
    return (value,) if isinstance(value, str) else tuple(value)


def checked_rules(keep: object, keep_by_size: object) -> tuple[str | None, Mapping[int, str] | None]:
    """`keep` (a rule's text or None) and `keep_by_size` (hand size -> text or None) as
    given, or an OptionError naming the one of another kind."""
    if keep is not None and not isinstance(keep, str):
        raise OptionError("keep", f"{str(keep)[:200]}: give a keep rule as text, such as 'lands >= 2'")
    if keep_by_size is None:
        return keep, None
    if not isinstance(keep_by_size, Mapping) or not all(
        isinstance(size, int) and not isinstance(size, bool) and (text is None or isinstance(text, str))
        for size, text in keep_by_size.items()
    ):
        raise OptionError("keep_by_size", f"{str(keep_by_size)[:200]}: give hand sizes (whole numbers) and keep rules "
                          "as text, such as {6: 'lands >= 1'}")
    return keep, keep_by_size
