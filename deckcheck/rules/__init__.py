"""The rule registry: `{rule.ID: module}`, run in this order.

Each rule module has a docstring (its user documentation, with PASS/FAIL examples), an
`ID` from the stable list in docs/contracts.md, `KEYS` (the schema of the format keys it
reads, which formats/schema.py adds to the format schema), `applies(fmt)` when it has
nothing to check for some formats, `check(deck, fmt, ctx)` yielding `Problem`s, and
optionally `show(fmt, day)`, its lines of `deckcheck formats show`, `silent(fmt, ctx)`, true
when the rule has nothing to say about any deck in that context (an event after the format's
first day, no registered pool, no list in force: `speaking` leaves it out), and `prepare(deck, fmt,
ctx)`, which returns the deck as the format reads it before any rule checks it (the
commander rule fills the command zone from a file's conventions), and `card_notes(name, fmt,
day, platform)`, lines `cards lookup -f` adds about one card that is legal in the deck but
not everywhere (banned as a commander, as a companion) or not in any number (restricted).
Rules never read files or print. docs/rules.md has one row per rule id.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .context import Context

if TYPE_CHECKING:
    from ..formats import Format
    from ..model import Deck

# The rule modules, in the order they run. `RULES` (`{rule.ID: module}`, every rule
# imported) is built on first use (`__getattr__` below): the format schema, `formats show`,
# the rule docs and the tests read it. Checking a deck does not: `rules_for` imports a rule
# only when `_WHEN` (below) says the format may use it, so a Magic deck's check never
# imports another game's rules.
_MODULES = (
    "format_date", "format_platform", "deck_size", "sideboard_size", "extra_deck_size", "hero", "commander",
    "zone_not_in_format", "copy_limit", "banned", "restricted", "card_limit", "registered_pool", "not_in_pool",
    "region", "color_identity", "companion", "extra_deck_type", "card_type", "points", "class_faction",
)


def _sets(*keys: str) -> Callable[[Format], bool]:
    """True for a format that gives one of `keys` a value: the rule's `applies` is false
    for any format that gives none of them (tests/test_registry.py holds each rule to it)."""
    return lambda fmt: any(fmt.option(key) is not None for key in keys)


# A rule module imported only for a format this says yes to (a rule not named here is
# imported for every format; its own `applies` still decides whether it runs).
_WHEN: dict[str, Callable[[Format], bool]] = {
    "extra_deck_size": lambda fmt: "extra" in fmt.zones,
    "hero": _sets("hero"),
    "commander": _sets("commander"),
    "card_limit": _sets("card_limits", "whitelist"),
    "region": _sets("region"),
    "color_identity": _sets("color_identity"),
    "extra_deck_type": _sets("extra_deck_types"),
    "card_type": _sets("banned_types"),
    "points": _sets("points"),
    "class_faction": _sets("class_faction"),
}


def _rule(name: str) -> ModuleType:
    return import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> Any:
    """`RULES`, every rule module imported, built the first time it is asked for; a rule
    module by name (`deckcheck.rules.banned`), imported when first asked for, as it was when
    the registry imported every rule."""
    if name in _MODULES:
        return _rule(name)
    if name != "RULES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    rules: dict[str, ModuleType] = {}
    for module_name in _MODULES:
        module = _rule(module_name)
        rules[module.ID] = module
    globals()["RULES"] = rules
    return rules

# Ids produced outside the rule modules (parsers, the card database, team checks).
OTHER_IDS = (
    "parse-error", "unknown-card", "team-copy-limit", "team-restricted",
    "registration", "team-registration",  # deckcheck batch: manifest rows and teams as registered
    "problems-not-listed",  # the problems a deck or a report leaves out past its limit (limits.py)
)


def rules_for(fmt: Format) -> tuple[ModuleType, ...]:
    """The rules with something to check in `fmt` (a rule module may say so with
    `applies(fmt)`; one without it always runs). Worked out once per format: a batch
    checks thousands of decks against the same few formats."""
    found = fmt.memo.get("rules")
    if found is None:
        found = fmt.memo["rules"] = tuple(
            rule for rule in (_rule(name) for name in _MODULES if name not in _WHEN or _WHEN[name](fmt))
            if getattr(rule, "applies", None) is None or rule.applies(fmt)
        )
    return found


def speaking(rules: tuple[ModuleType, ...], fmt: Format, ctx: Context) -> tuple[ModuleType, ...]:
    """The rules of `rules` (`rules_for(fmt)`) that may say something about a deck in `ctx`:
    those whose `silent(fmt, ctx)` is true are left out. Worked out once per day, platform,
    card catalog and pool given or not (what `silent` reads), not once per deck: a batch
    checks thousands of decks in one context, and a rule left out costs no call."""
    table = fmt.memo.get(_SPEAKING)
    if table is None:
        table = fmt.memo[_SPEAKING] = {}
    key = (ctx.date, ctx.platform, id(ctx.cards), ctx.pool is None)
    found = table.get(key)
    # The rules, the catalog and the format it was worked out for: a copy of a format
    # (`replace`) shares its memo with data of its own, and a catalog made where a freed
    # one was would share its id.
    if found is None or found[0] is not rules or found[1] is not ctx.cards or found[2] is not fmt:
        if len(table) >= _SPEAKING_KEPT:
            table.clear()
        found = table[key] = (rules, ctx.cards, fmt, tuple(
            rule for rule in rules if getattr(rule, "silent", None) is None or not rule.silent(fmt, ctx)))
    return found[3]


_SPEAKING = "speaking rules"  # its key in a format's memo
_SPEAKING_KEPT = 32  # contexts remembered per format (a batch uses one, a server one per day asked)


def prepare(deck: Deck, fmt: Format, ctx: Context) -> Deck:
    """The deck as `fmt` reads it: each applying rule's `prepare` in registry order, then a
    sideboard the parser guessed from blank lines settled with the format's sizes (a
    Commander format leaves that to after its command zone is read: decklists/layout.py)."""
    steps = fmt.memo.get("prepare")
    if steps is None:  # once per format, like rules_for
        steps = fmt.memo["prepare"] = tuple(rule.prepare for rule in rules_for(fmt) if hasattr(rule, "prepare"))
    for step in steps:
        deck = step(deck, fmt, ctx)
    if deck.guessed_sideboard is not None:
        from ..decklists.layout import settle_sideboard

        deck = settle_sideboard(deck, fmt, ctx.date, ctx.platform, command_zone_read=True)
    return deck


def read_as(deck: Deck, fmt: Format, ctx: Context | None = None, *, cards: Any = None, day: dt.date | None = None) -> Deck:
    """The zones of a parsed deck (named by the card data already, when the caller has it)
    as `fmt` reads them on `ctx.date`: a sideboard guessed from blank lines settled with the
    format's sizes, then `prepare` (a Commander deck's command zone filled). What `simulate`
    draws from, `diff -f` compares, `convert -f` writes, and a sheet or a batch's deck check
    lists. `ctx`: the check's own (a batch's); else one on `day` (default today) with the
    catalog `cards`."""
    from ..decklists.layout import settle_sideboard

    if ctx is None:
        ctx = Context(date=day or dt.date.today(), cards=cards)

    return prepare(settle_sideboard(deck, fmt, ctx.date, ctx.platform, context=ctx), fmt, ctx)
