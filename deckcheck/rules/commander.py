"""commander: the command zone holds one commander, or two that may pair, each of which
can be a commander in the format on the event date and is not banned as a commander.

Format keys: `commander` with `eligible` (what may lead a deck: `legendary creature`,
`can be your commander`, `legendary vehicle`, `legendary spacecraft with power/toughness`,
`planeswalker`, `creature`, `nonland creature`; an entry may be `{kind, since, until}` for a rule change),
`pairs` (which two-commander pairings the format allows: `partner` (both have plain
Partner), `partner variant` (both have the same "Partner—X", such as Friends forever),
`partner with` (each names the other), `background` ("Choose a Background" with a
legendary Background), `doctor's companion` (with a legendary Time Lord Doctor)) and
`signature_spell` (Oathbreaker: each oathbreaker brings one instant or sorcery to the
command zone; a card there that is neither is one problem, not also a second
oathbreaker, and a command zone of such cards alone also has no oathbreaker);
`banned_as_commander`, a dated card list (a card on it may still be one of the other
cards of the deck). Needs card data for everything but the count and the
banned-as-commander list; without it one warning says so.

Before the rules run, a deck without a command zone gets one from its file's conventions
(`prepare`, rules/_commander_placing.py): the commander a Cockatrice file names (banner
card, `CDR:` comment), or the one or two cards MTGO and Moxfield exports file in the
sideboard (a sideboard card with a companion ability beside them is the companion, also
when it is alone there under a first group that can lead a deck of the format's size); a
list of one or two cards followed by a blank line and the rest reads as commander and deck.

FAIL (mtg/commander): no `Commander` section -> "no commander: a Commander deck names one
in a `Commander` section (or two that pair)".
FAIL: Commander `Sol Ring` -> "Sol Ring can't be your commander: it is an Artifact, not a
legendary creature, and its text does not say it can be your commander".
FAIL: Commander `Akiri, Line-Slinger` and `Rograkh, Son of Rohgahh` plus `Krark, the
Thumbless` -> "3 commanders (...); a deck has one, or two that pair".
PASS: Commander `Akiri, Line-Slinger` and `Silas Renn, Seeker Adept` (both Partner).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..decklists.common import ZERO_COUNT
from ..formats import Format
from ..formats.schema import DATED_LIST, kind_list
from ..games.mtg import abilities
from ..model import COMMANDER, MAIN, CardEntry, Deck
from ..names import card_key
from ..problem import Problem
from ..schema import AnyOf, Bool, Date, Null, Str, Struct
from ..wording import article, card_names, lines_text, listed, names_listed
from ._cards import skipped
from ._command_zone import (
    ELIGIBLE, banned_as_lines, banned_as_note, command_zone, dated_kinds, eligible_kinds, kinds_on,
    lookup, spec,
)
from ._commander_placing import breaks_with, lead_together, prepare  # noqa: F401 - prepare: this rule's (rules/__init__.py runs it)
from ._signature_spells import signature_spell_problems
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

ID = "commander"

KIND = Str(tuple(ELIGIBLE))
KEYS = {
    "commander": AnyOf((
        Null(),
        Struct({
            "eligible": kind_list(AnyOf((KIND, Struct({"kind": KIND, "since": Date(), "until": Date()}, required=("kind",))))),
            "pairs": kind_list(Str(abilities.PAIRING_KINDS)),
            "signature_spell": Bool(),
        }),
    )),
    "banned_as_commander": DATED_LIST,
}
def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a command zone."""
    return bool(fmt.option("commander"))


# ---------------------------------------------------------------- checking

def _not_yet(card: Card, fmt: Format, day: dt.date) -> tuple[str, dt.date | None, dt.date | None] | None:
    """A dated kind the card fits but which is not in force on `day`."""
    return next(((kind, since, until) for kind, since, until in dated_kinds(fmt)
                 if (since or until) and ELIGIBLE[kind][1](card)), None)


_SPACECRAFT = "legendary spacecraft with power/toughness"  # an ELIGIBLE kind, whose lack a message names
_TWO_FACED = frozenset({"transform", "modal_dfc", "meld"})  # layouts a card leads by the front face of


def _what_it_is(card: Card) -> str:
    front = card.type_line.split(" // ")[0]
    return front or "a card of no type"


def _zero_count_lines(deck: Deck) -> list[int]:
    """The command zone's `0 Name` lines, each ignored with a warning (decklists/common.py)."""
    return [problem.line for problem in deck.problems if problem.zone == COMMANDER and problem.line is not None
            and problem.rule == "parse-error" and problem.message.startswith(ZERO_COUNT)]


def _wanted(fmt: Format, day: dt.date) -> str:
    """What may lead a deck on `day`: the kinds in force then (a legendary Vehicle only from
    2025-07-25 in Commander), as the rules of that day say it."""
    # Each once: a format file may write a kind any number of times (400,000 in a stranger's
    # file made every deck's problem 4.8 MB).
    names = list(dict.fromkeys(ELIGIBLE[kind][0] for kind in kinds_on(fmt, day))) or ["no card on that day"]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    zone = command_zone(deck, fmt, ctx)
    commanders = zone.commanders
    word = "oathbreaker" if spec(fmt).get("signature_spell") else "commander"
    if not commanders:  # a stray card beside them is a problem of its own; with none, no oathbreaker either
        # Oathbreaker: a command zone of spells and cards that cannot lead is written, and
        # says so (telling its list to name one in an `Oathbreaker` section, which it did, misled).
        held = [entry for entry, _ in sorted(_distinct([*zone.spells, *zone.stray]), key=lambda pair: pair[0].line or 0)]
        zeros = [] if held else _zero_count_lines(deck)
        if held:
            how = (f"the command zone holds only {names_listed(entry.name for entry in held)}; {article(word)} {word} is "
                   f"{_wanted(fmt, ctx.date)}")
        elif zeros:
            # `0 Name` under the heading: the list named its commander and counted it none
            # (the generic advice asked for the section it has). No other card is offered.
            only = (f"the command zone's only card line (line {zeros[0]}) counts 0 copies, so it adds no card"
                    if len(zeros) == 1 else
                    f"the command zone's card lines ({lines_text(zeros)}) count 0 copies, so they add no card")
            how = f"{only}: write the {word}'s count as 1"
        else:
            how = _how_named(deck, fmt, ctx, word)
        # On the line of the zone's first card (or `0 Name` line), when it holds any: a line to annotate.
        first = held[0].line if held else (zeros[0] if zeros else None)
        yield Problem(rule=ID, zone=COMMANDER, line=first, count=0, limit=1,
                      message=f"no {word}: {how}{'' if zeros else _leader_hint(deck, fmt, ctx, word)}")
    copies: dict[str, int] = {}
    for entry, _ in commanders:
        copies[entry.key] = copies.get(entry.key, 0) + entry.count
    for entry, _ in _distinct(commanders):
        if copies[entry.key] > 1:
            count = copies[entry.key]
            yield Problem(rule=ID, zone=COMMANDER, line=entry.line, card=entry.name, count=count, limit=1,
                          message=f"{count} copies of {entry.name} in the command zone; a commander is one card")
    yield from _banned_as_commander(commanders, fmt, ctx)
    # The same card on two lines is one commander listed twice (the copies above), not a pair.
    commanders = _distinct(commanders)
    # Oathbreaker: a card that is neither an oathbreaker nor a signature spell is one problem
    # of its own; the command zone left it out of the commanders (it would have made the
    # deck two oathbreakers that cannot partner, one spell short).
    yield from (_stray_problem(entry, card, fmt, ctx) for entry, card in _distinct(zone.stray))
    if len(commanders) > 2:
        yield Problem(rule=ID, zone=COMMANDER, line=commanders[2][0].line, count=len(commanders), limit=2,
                      message=f"{len(commanders)} {word}s ({zone.names()}); a deck has one, or two that pair")
    if ctx.cards is None:
        if commanders:
            yield skipped(ID, f"{word} eligibility and pairing")
        return
    for entry, card in commanders:
        if card is None:
            continue  # an unknown-card problem already
        if len(commanders) == 2 and abilities.is_background(card):
            continue  # it leads beside a "Choose a Background" commander or not at all: the pair check says which
        problem = _eligibility(entry, card, fmt, ctx, word)
        if problem is not None:
            yield problem
    if len(commanders) == 2 and all(card is not None for _, card in commanders):
        reason = pair_problem(commanders[0][1], commanders[1][1], fmt)
        if reason is not None:
            first, second = commanders[0][0], commanders[1][0]
            a, b = card_names([first.name, second.name])
            yield Problem(rule=ID, zone=COMMANDER, line=second.line, card=second.name, count=2, limit=1,
                          message=f"{a} and {b} can't both be your {word}s: {reason}{_companion_hint(commanders)}")
    if spec(fmt).get("signature_spell"):
        yield from signature_spell_problems(zone, ID)


def _companion_hint(commanders: list[tuple[CardEntry, Any]]) -> str:
    """`; Lurrus of the Dream-Den has a companion ability: ...` when of two commanders that
    cannot pair just one could be a companion: most likely the deck's companion, written
    under its commander (a `Commander` section's second line, a typed list's second card).
    Said of neither when both could (which one leads, the list does not tell)."""
    able = [entry for entry, card in commanders if abilities.companion_condition(card) is not None]
    if len(able) != 1:
        return ""
    return f"; {able[0].name} has a companion ability: a companion waits outside the deck, in a `Companion` section"


def _stray_problem(entry: CardEntry, card: Card, fmt: Format, ctx: Context) -> Problem:
    what = _what_it_is(card)
    return Problem(rule=ID, zone=COMMANDER, line=entry.line, card=entry.name, count=entry.count,
                   message=f"{entry.name} can't be in {fmt.name}'s command zone: it is {article(what)} {what}, "
                           f"neither an oathbreaker ({_wanted(fmt, ctx.date)}) nor a signature spell (an instant or sorcery)")


def _how_named(deck: Deck, fmt: Format, ctx: Context, word: str) -> str:
    """How the deck's file names a commander: a `Commander` section in text, and what each
    other reader takes (Cockatrice, MTGO, Forge, OCTGN: the reader module says)."""
    from ..decklists import PARSERS

    if deck.commander_hints:
        named = ", ".join(repr(hint) for hint in deck.commander_hints)
        return (f"the file names {named} as its {word}, and no card of that name in it can lead "
                f"{article(fmt.name)} {fmt.name} deck; {_short_name_hint(deck, fmt, ctx) or 'check the name'}")
    if deck.empty_command_heading is not None:
        # The list has the heading the advice below asks for, with nothing under it.
        number, heading = deck.empty_command_heading
        return f"the list's `{heading}` section (line {number}) holds no card: put the {word}'s line under it"
    if _csv_without_board(deck):
        return (f"{article(fmt.name)} {fmt.name} deck in a CSV export names it in a column saying where each "
                f"card goes (Board): this one has none")
    reader = PARSERS.get(deck.input_format or "")
    how = getattr(reader, "COMMANDER_NAMED_BY", None)
    if how is not None:
        return f"{article(fmt.name)} {fmt.name} deck in {reader.DESCRIPTION} names it {how}"
    where = "an `Oathbreaker` section" if word == "oathbreaker" else "a `Commander` section"
    return f"{article(fmt.name)} {fmt.name} deck names one in {where} (or two that pair)"


# What follows the short name players give a commander (`CDR: Omnath`, `CDR: Tymna`): the
# comma of a legendary card's name, or the title of one without (Tymna the Weaver), as the
# card data's suggestions complete a short name (cards/suggest.py).
_AFTER_SHORT_NAME = (",", " the ", " of ")


def _short_name_hint(deck: Deck, fmt: Format, ctx: Context) -> str:
    """`its card Omnath, Locus of Mana (line 6) can: write its full name` when the names
    the file gives its commanders are, each, the short name of one card of the deck that
    can lead it (a Cockatrice file's `CDR: Omnath`), else nothing."""
    if ctx.cards is None:
        return ""
    found: dict[str, CardEntry] = {}
    for hint in deck.commander_hints:
        short = card_key(hint)
        meant = {entry.key: entry for entry in deck.entries
                 if any(entry.key.startswith(short + after) for after in _AFTER_SHORT_NAME)}
        able = [entry for entry in meant.values() if (card := lookup(ctx, entry)) is not None
                and eligible_kinds(card, fmt, ctx.date)]
        if len(able) != 1:
            return ""
        found[able[0].key] = able[0]
    names = card_names([entry.name for entry in found.values()])  # quoted before the lines are added
    cards = [f"{name} (line {entry.line})" if entry.line is not None else name for name, entry in zip(names, found.values())]
    if len(cards) == 1:
        return f"its card {cards[0]} can: write its full name"
    return f"its cards {listed(cards, 'and')} can: write their full names"


def _csv_without_board(deck: Deck) -> bool:
    """Whether the deck is a CSV export that says nowhere where each card goes (every row
    read into the main deck, a warning says so): a `Commander` line is no way to mark one
    of its rows."""
    from ..decklists.csv_export import all_in_main

    return any(all_in_main(problem) for problem in deck.problems)


def _mark_rows(header: str, entries: list[CardEntry]) -> str:
    """The advice for a CSV export without a board column whose rows `entries` can lead
    the deck: mark them in one."""
    lines = [entry.line for entry in entries if entry.line is not None]
    rows = f"that row (line {lines[0]})" if len(lines) == 1 else f"those rows ({lines_text(lines)})"
    return f"add a Board column and write `{header}` in it on {rows}"


def _leader_hint(deck: Deck, fmt: Format, ctx: Context, word: str) -> str:
    """A typed list of the deck's cards only (a site's "copy as text"), whose first card can
    lead it (the commander on top), else whose last card can (the commander at the end):
    which card, and the lines that name it. Only a hint: a flat list says nothing of its
    zones, so neither card is read as the commander unasked."""
    if ctx.cards is None or deck.commander_hints or deck.input_format not in (None, "text"):
        return ""
    listed = sorted((entry for entry in deck.entries if entry.zone == MAIN and entry.line is not None),
                    key=lambda entry: entry.line)  # type: ignore[arg-type, return-value]
    if not listed:
        return ""
    return (_first_card_hint(deck, fmt, ctx, word, listed) or _last_card_hint(deck, fmt, ctx, word, listed)
            or _only_leader_hint(deck, fmt, ctx, word, listed))


def _only_leader_hint(deck: Deck, fmt: Format, ctx: Context, word: str, listed: list[CardEntry]) -> str:
    """`; of its cards only X (line 36) can lead it: ...` when, of the main deck's `listed`
    lines, one card alone can lead it, or two alone that lead it together (partners, a
    commander and its Background): a list sorted by name (a site's alphabetical "copy as
    text") has its commander in the middle, neither first nor last. Said of none when
    several could (which leads, the list does not tell), nor in Oathbreaker, whose spells
    a signature spell could be are many."""
    if spec(fmt).get("signature_spell"):
        return ""
    able = []
    for entry in listed:
        card = lookup(ctx, entry)
        if card is not None and (eligible_kinds(card, fmt, ctx.date) or abilities.is_background(card)):
            able.append((entry, card))
            if len(able) > 2:
                return ""
    if any(entry.count != 1 for entry, _ in able) or len({entry.key for entry, _ in able}) != len(able):
        return ""
    if len(able) == 1 and eligible_kinds(able[0][1], fmt, ctx.date):
        what, them = f"of its cards only {able[0][0].name} (line {able[0][0].line}) can lead it", "it"
    elif len(able) == 2 and lead_together(able[0][1], able[1][1], fmt, ctx):
        (a, b), (first, second) = card_names([entry.name for entry, _ in able]), (entry for entry, _ in able)
        what, them = f"of its cards only {a} (line {first.line}) and {b} (line {second.line}) can lead it, together", "them"
    else:
        return ""
    empty = deck.empty_command_heading
    if empty is not None:
        return f"; {what}: move {them} under line {empty[0]}"
    if _csv_without_board(deck):
        return f"; {what}: {_mark_rows('Commander', [entry for entry, _ in able])}"
    return f"; {what}: move {them} under a `Commander` line at the top, with a `Deck` line below {them}"


def _last_card_hint(deck: Deck, fmt: Format, ctx: Context, word: str, listed: list[CardEntry]) -> str:
    """`; its last card, X, can lead it: ...` for the main deck's `listed` lines in order,
    when the last is one copy of a card that can lead it (and the list has more than it), or
    `; its last two cards, ...` when the last two lead it together (partners, a commander
    and its Background; in Oathbreaker an oathbreaker and its signature spell)."""
    last = listed[-1]
    card = lookup(ctx, last) if last.count == 1 and len(listed) > 1 else None
    if card is None:
        return ""
    # Partners (or a commander and its Background) typed last lead the deck together: naming
    # the last alone would leave the other's colors outside (and a Background leads nothing alone).
    before = listed[-2] if len(listed) > 2 and listed[-2].count == 1 and listed[-2].key != last.key else None
    partner = lookup(ctx, before) if before is not None else None
    if partner is not None and lead_together(partner, card, fmt, ctx):
        a, b = card_names([before.name, last.name])  # type: ignore[union-attr]
        what, them, rows = f"its last two cards, {a} and {b}, can lead it together", "them", [before, last]
    elif partner is not None and breaks_with(partner, card, fmt, ctx):
        # An oathbreaker typed above its signature spell at the end: both go to the command zone.
        a, b = card_names([before.name, last.name])  # type: ignore[union-attr]
        what = f"its last two cards, {a} and {b}, can be its oathbreaker and signature spell"
        them, rows = "them", [before, last]
    elif eligible_kinds(card, fmt, ctx.date):
        what, them, rows = f"its last card, {last.name}, can lead it", "it", [last]
    else:
        return ""
    empty = deck.empty_command_heading
    if empty is not None:
        return f"; {what}: move {them} under line {empty[0]}"
    header = "Oathbreaker" if word == "oathbreaker" else "Commander"
    if _csv_without_board(deck):
        return f"; {what}: {_mark_rows(header, rows)}"  # type: ignore[arg-type]  # `before` is set with two rows
    return f"; {what}: put {article(header)} `{header}` line above {them}"


def _first_card_hint(deck: Deck, fmt: Format, ctx: Context, word: str, listed: list[CardEntry]) -> str:
    """`_leader_hint` of the first of the main deck's `listed` lines (and the second, when
    the two lead together)."""
    first = listed[0]
    card = lookup(ctx, first)
    if first.count != 1 or card is None:
        return ""
    header = "Oathbreaker" if word == "oathbreaker" else "Commander"
    empty = deck.empty_command_heading
    csv_rows = _csv_without_board(deck)

    def put(them: str, below: str = "below") -> str:
        # Under the list's own empty heading, when it has one; else under a new one (a
        # CSV export's rows are marked in a column instead).
        if empty is not None:
            return f"move {them} under line {empty[0]}"
        if csv_rows:
            return _mark_rows(header, listed[:1] if them == "it" else listed[:2])
        return f"put {article(header)} `{header}` line above {them} and a `Deck` line {below}"
    # Partners (or a commander and its Background) typed on the first two lines lead the
    # deck together: naming the first alone would leave the second's colors outside; an
    # oathbreaker's signature spell below it goes to the command zone with it.
    second = listed[1] if len(listed) > 1 else None
    partner = lookup(ctx, second) if second is not None and second.count == 1 and second.key != first.key else None
    pair = partner is not None and lead_together(card, partner, fmt, ctx)
    # Quoted when a name holds a comma: "its first two cards, Akiri, Line-Slinger and Silas
    # Renn, Seeker Adept, ..." read as four names.
    a, b = card_names([first.name, second.name]) if second is not None else (first.name, "")
    # Oathbreakers' signature spells go in the command zone with them: the `Deck` line below those.
    below = "below their signature spells" if spec(fmt).get("signature_spell") else "below"
    together = f"; its first two cards, {a} and {b}, can lead it together: {put('them', below)}" if pair else ""
    if not eligible_kinds(card, fmt, ctx.date):
        # A Background typed above its commander: the two lead in either order, the
        # Background alone never does.
        return together
    # A spell outside the oathbreaker's colors would be the next error once moved (the
    # signature spell shares its oathbreaker's identity): the hint names the first card alone.
    if partner is not None and breaks_with(card, partner, fmt, ctx):
        return f"; its first two cards, {a} and {b}, can be its oathbreaker and signature spell: {put('them')}"
    if pair:
        return together
    return f"; its first card, {first.name}, can lead it: {put('it')}"


def _distinct(commanders: list[tuple[CardEntry, Any]]) -> list[tuple[CardEntry, Any]]:
    """The commanders with each card once (its first line)."""
    seen: set[str] = set()
    out = []
    for entry, card in commanders:
        if entry.key not in seen:
            seen.add(entry.key)
            out.append((entry, card))
    return out


def _eligibility(entry: CardEntry, card: Card, fmt: Format, ctx: Context, word: str) -> Problem | None:
    if eligible_kinds(card, fmt, ctx.date):
        return None
    later = _not_yet(card, fmt, ctx.date)
    where = dict(rule=ID, zone=COMMANDER, line=entry.line, card=entry.name, count=entry.count)
    if later is not None:
        kind, since, until = later
        when = f"from {since.isoformat()}" if since is not None and ctx.date < since else f"before {until}"
        return Problem(**where, details={"eligible": kind},
                       message=f"{entry.name} can't be your {word} in {fmt.name} on {ctx.date.isoformat()}: "
                               f"{ELIGIBLE[kind][0]} can lead a deck only {when}")
    what = _what_it_is(card)
    if abilities.is_background(card):
        return Problem(**where, message=f"{entry.name} can't be your {word} on its own: a Background is the second "
                                        f"commander of one with Choose a Background")
    if _SPACECRAFT in kinds_on(fmt, ctx.date) and "Spacecraft" in card.subtypes and abilities.is_legendary(card):
        # What it lacks, said: "it is a Legendary Artifact — Spacecraft, and a commander is
        # ... a legendary Spacecraft with power and toughness" read as if it were one.
        what += " with no power and toughness"
    elif card.layout in _TWO_FACED and any("Legendary" in face for face in card.type_line.split(" // ")[1:]):
        # Ormendahl, Profane Prince (the back of Westvale Abbey) written as the commander:
        # "it is a Land" of a legendary creature's name, unless the face judged is said.
        what += " (its front face: a double-faced card leads by its front face)"
    return Problem(**where, message=f"{entry.name} can't be your {word} in {fmt.name}: it is {article(what)} {what}, "
                                    f"and {article(word)} {word} is {_wanted(fmt, ctx.date)}")



def _banned_as_commander(commanders: list[tuple[CardEntry, Any]], fmt: Format, ctx: Context) -> Iterator[Problem]:
    banned = fmt.dated_list_on("banned_as_commander", ctx.date, ctx.platform)
    if not banned:
        return
    for entry, card in commanders:
        key = card_key(card.name) if card is not None else entry.key
        listed = banned.get(key) or banned.get(entry.key)
        if listed is not None:
            yield Problem(rule=ID, zone=COMMANDER, line=entry.line, card=entry.name, count=entry.count, limit=0,
                          message=f"{entry.name} is banned as a commander in {fmt.name}{fmt.dates_text(listed, 'banned_as_commander', ctx.platform)}; "
                                  "it may be one of the other cards of the deck")


def pair_problem(first: Card, second: Card, fmt: Format) -> str | None:
    """Why two cards can't share the command zone in `fmt`, or None when they can."""
    allowed = set(spec(fmt).get("pairs") or ())
    mine, theirs = abilities.pairings(first), abilities.pairings(second)
    kinds_a, kinds_b = {p.kind for p in mine}, {p.kind for p in theirs}
    if abilities.PARTNER in allowed and abilities.PARTNER in kinds_a & kinds_b:
        return None
    if abilities.PARTNER_VARIANT in allowed:
        variants = {p.detail.casefold() for p in mine if p.kind == abilities.PARTNER_VARIANT}
        if variants & {p.detail.casefold() for p in theirs if p.kind == abilities.PARTNER_VARIANT}:
            return None
    if abilities.PARTNER_WITH in allowed and _names(mine, second) and _names(theirs, first):
        return None
    for a, b, kinds in ((first, second, kinds_a), (second, first, kinds_b)):
        if abilities.BACKGROUND in allowed and abilities.BACKGROUND in kinds and abilities.is_background(b):
            return None
        if abilities.DOCTORS_COMPANION in allowed and abilities.DOCTORS_COMPANION in kinds and abilities.is_time_lord_doctor(b):
            return None
    used = (mine or theirs)
    if used and not {p.kind for p in (*mine, *theirs)} & allowed:
        return f"{fmt.name} does not allow {used[0].describe()} pairs"
    a, b = card_names([first.name, second.name])
    return f"{a} has {_pairing_words(mine, first, kinds_b)}, {b} has {_pairing_words(theirs, second, kinds_a)}"


def _names(found: list[abilities.Pairing], other: Card) -> bool:
    keys = {card_key(other.name), card_key(other.front_face)}
    return any(p.kind == abilities.PARTNER_WITH and card_key(p.detail) in keys for p in found)


def _pairing_words(found: list[abilities.Pairing], card: Card, other: set[str] = frozenset()) -> str:
    """What lets the card share the command zone; for a card with nothing, the card whose
    ability it waits for when it is the second half of a pair (a Background, a Doctor), or,
    beside a commander with Choose a Background or Doctor's companion (`other`, its pairing
    kinds), the kind of card that commander waits for and what this one is instead: "has no
    partner ability" alone sent the player looking for one, which a Background or a Time
    Lord Doctor does not have either."""
    if found:
        return " and ".join(p.describe() for p in found)
    if abilities.is_background(card):
        return "no partner ability (a Background pairs only with a commander that has Choose a Background)"
    if abilities.is_time_lord_doctor(card):
        return "no partner ability (a Time Lord Doctor pairs only with a commander that has Doctor's companion)"
    waited = [kind for ability, kind in ((abilities.BACKGROUND, "Background"),
                                         (abilities.DOCTORS_COMPANION, "Time Lord Doctor")) if ability in other]
    if waited:
        return f"no partner ability and is no {' nor '.join(waited)} (it is {article(card.type_line)} {card.type_line})"
    return "no partner ability"


def card_notes(name: str, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """What `cards lookup -f` adds about one card: banned as a commander on `day`."""
    return [note + ": it may be one of the other cards of the deck"
            for note in banned_as_note(fmt, "banned_as_commander", name, day, platform, "banned as a commander")]


def show(fmt: Format, day: dt.date) -> list[str]:
    spec_ = spec(fmt)
    if not spec_:
        return []
    kinds = []
    for kind, since, until in dated_kinds(fmt):
        dates = (f" from {since.isoformat()}" if since else "") + (f" until {until.isoformat()}" if until else "")
        kinds.append(ELIGIBLE[kind][0] + dates)
    lines = ["commander: " + "; ".join(kinds)]
    pairs = spec_.get("pairs") or []
    lines.append("  two commanders: " + (", ".join(abilities.PAIRING_LABELS[kind] for kind in pairs) if pairs else "never"))
    if spec_.get("signature_spell"):
        lines.append("  each oathbreaker brings one instant or sorcery signature spell")
    return lines + banned_as_lines(fmt, "banned_as_commander", day, "banned as commander")

