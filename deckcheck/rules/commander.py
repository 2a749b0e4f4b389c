"""commander: the command zone holds one commander, or two that may pair, each of which
can be a commander in the format on the event date and is not banned as a commander.

Format keys: `commander` with `eligible` (what may lead a deck: `legendary creature`,
`can be your commander`, `legendary vehicle`, `legendary spacecraft with power/toughness`,
`planeswalker`, `creature`; an entry may be `{kind, since, until}` for a rule change),
`pairs` (which two-commander pairings the format allows: `partner` (both have plain
Partner), `partner variant` (both have the same "Partner—X", such as Friends forever),
`partner with` (each names the other), `background` ("Choose a Background" with a
legendary Background), `doctor's companion` (with a legendary Time Lord Doctor)) and
`signature_spell` (Oathbreaker: each oathbreaker brings one instant or sorcery to the
command zone); `banned_as_commander`, a dated card list (a card on it may still be one of
the other cards of the deck). Needs card data for everything but the count and the
banned-as-commander list; without it one warning says so.

Before the rules run, a deck without a command zone gets one from its file's conventions
(`prepare`): the commander a Cockatrice file names (banner card, `CDR:` comment), or the one
or two cards MTGO and Moxfield exports file in the sideboard (a sideboard card with a
companion ability beside them is the companion, also when it is alone there under a first
group that can lead a deck of the format's size); a list of one or two cards followed by
a blank line and the rest reads as commander and deck.

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
from typing import TYPE_CHECKING, Any, Callable

from ..formats import Format
from ..formats.model import as_date
from ..formats.schema import DATED_LIST
from ..formats.show import entry_lines
from ..games.mtg import abilities
from ..model import COMMANDER, COMPANION, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck, move_one
from ..names import card_key
from ..problem import Problem
from ..schema import AnyOf, Bool, Date, ListOf, Null, Str, Struct
from ._cards import skipped
from ._command_zone import command_zone, is_signature_spell, lookup, spec
from ._signature_spells import signature_spell_problems
from .context import Context

if TYPE_CHECKING:
    from ..games.mtg.cards import Card

ID = "commander"

# What may lead a deck: kind -> (what it means in messages, the test).
ELIGIBLE: dict[str, tuple[str, Callable[[Card], bool]]] = {
    "legendary creature": ("a legendary creature", lambda card: abilities.is_legendary(card) and abilities.is_creature_card(card)),
    "can be your commander": ("a card that says it can be your commander", abilities.says_it_can_be_commander),
    "legendary vehicle": ("a legendary Vehicle", lambda card: abilities.is_legendary(card) and "Vehicle" in card.subtypes),
    "legendary spacecraft with power/toughness": (
        "a legendary Spacecraft with power and toughness",
        lambda card: abilities.is_legendary(card) and "Spacecraft" in card.subtypes and abilities.has_power_toughness(card),
    ),
    "planeswalker": ("a planeswalker", lambda card: "Planeswalker" in card.types),
    "creature": ("a creature", abilities.is_creature_card),
}
KIND = Str(tuple(ELIGIBLE))
KEYS = {
    "commander": AnyOf((
        Null(),
        Struct({
            "eligible": ListOf(AnyOf((KIND, Struct({"kind": KIND, "since": Date(), "until": Date()}, required=("kind",))))),
            "pairs": ListOf(Str(abilities.PAIRING_KINDS)),
            "signature_spell": Bool(),
        }),
    )),
    "banned_as_commander": DATED_LIST,
}
# MTGO and Moxfield exports put the commander(s), and a companion, in the sideboard.
_MOST_IN_SIDEBOARD = 3


def applies(fmt: Format) -> bool:
    """Whether this rule has anything to check in `fmt`: the format has a command zone."""
    return bool(fmt.option("commander"))


# ---------------------------------------------------------------- placing the commander

def prepare(deck: Deck, fmt: Format, ctx: Context) -> Deck:
    """The deck with its command zone filled from the file's conventions when it has
    none, and the companion a sideboard card's ability makes one marked as such."""
    entries = _set_aside(deck.entries, fmt, ctx)
    if not any(entry.zone == COMMANDER for entry in entries):
        # The commanders the file names, else its banner card (a picture: taken only if it can lead).
        hints = deck.commander_hints or ((deck.banner_card,) if deck.banner_card else ())
        placed = _from_hints(entries, hints, fmt, ctx)
        if placed is None:
            placed = _from_first_group(entries, deck.guessed_sideboard, fmt, ctx)
            if placed is not None:
                deck = _settle_after_commander(deck, placed, fmt, ctx)
                placed = deck.entries
        if placed is None:
            placed = _from_sideboard(entries, fmt, ctx) or _from_lone_group(entries)
            if placed is not None and deck.guessed_sideboard is not None:
                # The blank-line group the parser guessed was the sideboard held the commander
                # (or the deck): the layout is read, nothing is left to settle.
                deck = deck.copy(guessed_sideboard=None)
        entries = placed or entries
    entries = _mark_companion(entries, ctx)
    return deck if entries is deck.entries else deck.with_entries(entries)


def _set_aside(entries: list[CardEntry], fmt: Format, ctx: Context) -> list[CardEntry]:
    """A sideboard is no part of a Commander deck: what a file files there that no deck can
    hold (a precon's planes and phenomena) or that repeats a commander (its display copy)
    is set aside, as the maybeboard is. The rest stays for `sideboard-size` to judge. The
    sideboard copy of a card the deck names as its companion is the companion, never a
    display copy: as the commander too, it is a second copy (`copy-limit`)."""
    if not any(entry.zone == SIDEBOARD for entry in entries):
        return entries
    never = frozenset((fmt.option("card_pool") or {}).get("exclude_types") or ())
    companions = {entry.key for entry in entries if entry.zone == COMPANION}
    commanders = {entry.key for entry in entries if entry.zone == COMMANDER} - companions
    out, changed = [], False
    for entry in entries:
        if entry.zone == SIDEBOARD:
            card = lookup(ctx, entry)
            if entry.key in commanders or (card is not None and never.intersection(card.types)):
                entry = entry.replace(zone=MAYBEBOARD)
                changed = True
        out.append(entry)
    return out if changed else entries


def _from_hints(entries: list[CardEntry], hints: tuple[str, ...], fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """The commander(s) a file names while listing them with the deck (Cockatrice), and in
    Oathbreaker the signature spells it names beside them (`convert` writes both)."""
    moved = None
    spells = bool(spec(fmt).get("signature_spell"))
    for hint in hints:
        wanted = {card_key(hint)}
        if ctx.cards is not None:
            card = ctx.cards.get(hint)
            if card is None or not (_eligible_kinds(card, fmt, ctx.date) or (spells and is_signature_spell(card))):
                continue  # a banner card is a picture: only a card that can lead is taken as the commander
            wanted.add(card_key(card.name))
        moved = move_one(moved or entries, wanted, COMMANDER) or moved
    return moved


def _settle_after_commander(deck: Deck, placed: list[CardEntry], fmt: Format, ctx: Context) -> Deck:
    """The commander first, then the deck in groups: what the last group is (more of the
    deck, or a sideboard) the format's sizes settle. A card there with a companion ability
    is counted as the companion (outside the 100) while they do; if the sizes make it part
    of the deck, it is no companion."""
    from ..decklists.layout import settle_sideboard

    marked = _mark_companion(placed, ctx)
    settled = settle_sideboard(deck.with_entries(marked), fmt, ctx.date, ctx.platform, command_zone_read=True)
    if marked is placed:
        return settled
    companion = marked[-1]
    if any(entry.zone == SIDEBOARD and entry.key == companion.key for entry in settled.entries):
        return settled
    return settled.with_entries([entry for entry in settled.entries if entry is not companion])


def _from_sideboard(entries: list[CardEntry], fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """MTGO and Moxfield's convention: the sideboard holds the commander(s) (and the companion).
    A sideboard of companions only under a list whose first group can lead the deck (and
    makes it the format's size) holds the companion: the first group is the commander."""
    side = [entry for entry in entries if entry.zone == SIDEBOARD]
    if not side or sum(entry.count for entry in side) > _MOST_IN_SIDEBOARD:
        return None
    companions = [entry for entry in side if _has_companion_ability(entry, ctx)]
    leaders = [entry for entry in side if entry not in companions]
    if not leaders:
        first = _lead_group(entries, fmt, ctx)
        if first is not None and _fits_without_sideboard(entries, fmt, ctx):
            return _to_command_zone(entries, first)
        leaders = companions[:1]
    out = []
    for entry in entries:
        if any(entry is leader for leader in leaders):
            out.append(entry.replace(zone=COMMANDER))
        else:
            out.append(entry)
    return out


def _from_lone_group(entries: list[CardEntry]) -> list[CardEntry] | None:
    """A text list whose first group (before a blank line) is one or two cards and whose
    second is the deck: the blank-line rule read them as deck and sideboard."""
    main = sum(entry.count for entry in entries if entry.zone == MAIN)
    side = sum(entry.count for entry in entries if entry.zone == SIDEBOARD)
    if not 1 <= main <= 2 or side < 40:
        return None
    swap = {MAIN: COMMANDER, SIDEBOARD: MAIN}
    return [e.replace(zone=swap[e.zone]) if e.zone in swap else e for e in entries]


def _from_first_group(entries: list[CardEntry], guess: Any, fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """A text list of three or more blank-line groups whose first is one or two cards that
    can lead a deck (card data tells): the commander, then the deck grouped (by card type,
    say), perhaps a companion last."""
    if guess is None or guess.groups < 3:
        return None
    first = _lead_group(entries, fmt, ctx)
    return None if first is None else _to_command_zone(entries, first)


def _to_command_zone(entries: list[CardEntry], moved: list[CardEntry]) -> list[CardEntry]:
    ids = {id(entry) for entry in moved}
    return [e.replace(zone=COMMANDER) if id(e) in ids else e for e in entries]


def _fits_without_sideboard(entries: list[CardEntry], fmt: Format, ctx: Context) -> bool:
    """Whether the main deck as listed (its first group included: the size counts the
    command zone) has the format's size, the sideboard left out of it."""
    size = fmt.zone_size(MAIN, ctx.date, ctx.platform)
    return size is None or size.allows(sum(entry.count for entry in entries if entry.zone == MAIN))


def _lead_group(entries: list[CardEntry], fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """The main deck's first lines before a blank line, when they are one or two cards that
    can lead a deck (card data tells) and the rest is a deck (40 cards or more)."""
    if ctx.cards is None:
        return None
    main = sorted((entry for entry in entries if entry.zone == MAIN and entry.line is not None), key=lambda e: e.line)
    run = main[:1]
    for entry in main[1:]:
        if entry.line != run[-1].line + 1:
            break
        run.append(entry)
    count = sum(entry.count for entry in run)
    rest = sum(entry.count for entry in entries if entry.zone in (MAIN, SIDEBOARD)) - count
    if not 1 <= count <= 2 or rest < 40 or len(run) == len(main):
        return None
    for entry in run:
        card = lookup(ctx, entry)
        if card is None or not _eligible_kinds(card, fmt, ctx.date):
            return None
    return run


def _has_companion_ability(entry: CardEntry, ctx: Context) -> bool:
    card = lookup(ctx, entry)
    return card is not None and abilities.companion_condition(card) is not None


def _mark_companion(entries: list[CardEntry], ctx: Context) -> list[CardEntry]:
    """A Commander deck has no sideboard: a sideboard card with a companion ability is
    its companion (one only), marked as such unless a `Companion` section names one."""
    if any(entry.zone == COMPANION for entry in entries):
        return entries
    found = next((entry for entry in entries if entry.zone == SIDEBOARD and _has_companion_ability(entry, ctx)), None)
    if found is None:
        return entries
    return [*entries, found.replace(count=1, zone=COMPANION)]


# ---------------------------------------------------------------- checking

def _kinds(fmt: Format) -> list[tuple[str, dt.date | None, dt.date | None]]:
    found = []
    for item in spec(fmt).get("eligible") or ():
        if isinstance(item, str):
            found.append((item, None, None))
        else:
            found.append((item["kind"], as_date(item.get("since")), as_date(item.get("until"))))
    return found


def _kinds_on(fmt: Format, day: dt.date) -> list[str]:
    """The kinds of card that may lead a deck on `day` (a dated kind only inside its dates)."""
    return [kind for kind, since, until in _kinds(fmt) if (since is None or since <= day) and (until is None or day < until)]


def _eligible_kinds(card: Card, fmt: Format, day: dt.date) -> list[str]:
    """The kinds in force on `day` that make the card a possible commander."""
    return [kind for kind in _kinds_on(fmt, day) if ELIGIBLE[kind][1](card)]


def _not_yet(card: Card, fmt: Format, day: dt.date) -> tuple[str, dt.date | None, dt.date | None] | None:
    """A dated kind the card fits but which is not in force on `day`."""
    return next(((kind, since, until) for kind, since, until in _kinds(fmt)
                 if (since or until) and ELIGIBLE[kind][1](card)), None)


def _what_it_is(card: Card) -> str:
    front = card.type_line.split(" // ")[0]
    return front or "a card of no type"


def _wanted(fmt: Format, day: dt.date) -> str:
    """What may lead a deck on `day`: the kinds in force then (a legendary Vehicle only from
    2025-07-25 in Commander), as the rules of that day say it."""
    names = [ELIGIBLE[kind][0] for kind in _kinds_on(fmt, day)] or ["no card on that day"]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def check(deck: Deck, fmt: Format, ctx: Context) -> Iterator[Problem]:
    zone = command_zone(deck, fmt, ctx)
    commanders = zone.commanders
    word = "oathbreaker" if spec(fmt).get("signature_spell") else "commander"
    if not commanders:
        yield Problem(rule=ID, zone=COMMANDER, count=0, limit=1, message=f"no {word}: {_how_named(deck, fmt, word)}")
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
        reason = _pair_problem(commanders[0][1], commanders[1][1], fmt)
        if reason is not None:
            first, second = commanders[0][0], commanders[1][0]
            yield Problem(rule=ID, zone=COMMANDER, line=second.line, card=second.name, count=2, limit=1,
                          message=f"{first.name} and {second.name} can't both be your {word}s: {reason}")
    if spec(fmt).get("signature_spell"):
        yield from signature_spell_problems(zone, ID)


def _how_named(deck: Deck, fmt: Format, word: str) -> str:
    """How the deck's file names a commander: a `Commander` section in text, and what each
    other reader takes (Cockatrice, MTGO, Forge, OCTGN: the reader module says)."""
    from ..decklists import PARSERS

    if deck.commander_hints:
        named = ", ".join(repr(hint) for hint in deck.commander_hints)
        return (f"the file names {named} as its {word}, and no card of that name in it can lead "
                f"{_article(fmt.name)} {fmt.name} deck; check the name")
    reader = PARSERS.get(deck.input_format or "")
    how = getattr(reader, "COMMANDER_NAMED_BY", None)
    if how is not None:
        return f"{_article(fmt.name)} {fmt.name} deck in {reader.DESCRIPTION} names it {how}"
    where = "an `Oathbreaker` section" if word == "oathbreaker" else "a `Commander` section"
    return f"{_article(fmt.name)} {fmt.name} deck names one in {where} (or two that pair)"


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
    if _eligible_kinds(card, fmt, ctx.date):
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
    return Problem(**where, message=f"{entry.name} can't be your {word} in {fmt.name}: it is {_article(what)} {what}, "
                                    f"and {_article(word)} {word} is {_wanted(fmt, ctx.date)}")


def _article(text: str) -> str:
    return "an" if text[:1].lower() in "aeiou" else "a"


def _banned_as_commander(commanders: list[tuple[CardEntry, Any]], fmt: Format, ctx: Context) -> Iterator[Problem]:
    banned = fmt.dated_list_on("banned_as_commander", ctx.date, ctx.platform)
    if not banned:
        return
    for entry, card in commanders:
        key = card_key(card.name) if card is not None else entry.key
        listed = banned.get(key) or banned.get(entry.key)
        if listed is not None:
            yield Problem(rule=ID, zone=COMMANDER, line=entry.line, card=entry.name, count=entry.count, limit=0,
                          message=f"{entry.name} is banned as a commander in {fmt.name}{listed.since_text(ctx.platform)}; "
                                  "it may be one of the other cards of the deck")


def _pair_problem(first: Card, second: Card, fmt: Format) -> str | None:
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
    return f"{first.name} has {_pairing_words(mine)}, {second.name} has {_pairing_words(theirs)}"


def _names(found: list[abilities.Pairing], other: Card) -> bool:
    keys = {card_key(other.name), card_key(other.front_face)}
    return any(p.kind == abilities.PARTNER_WITH and card_key(p.detail) in keys for p in found)


def _pairing_words(found: list[abilities.Pairing]) -> str:
    return " and ".join(p.describe() for p in found) if found else "no partner ability"


def card_notes(name: str, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """What `cards lookup -f` adds about one card: banned as a commander on `day`."""
    listed = fmt.dated_list_on("banned_as_commander", day, platform).get(card_key(name))
    if listed is None:
        return []
    return [f"banned as a commander{listed.since_text(platform)}: it may be one of the other cards of the deck"]


def show(fmt: Format, day: dt.date) -> list[str]:
    spec_ = spec(fmt)
    if not spec_:
        return []
    kinds = []
    for kind, since, until in _kinds(fmt):
        dates = (f" from {since.isoformat()}" if since else "") + (f" until {until.isoformat()}" if until else "")
        kinds.append(ELIGIBLE[kind][0] + dates)
    lines = ["commander: " + "; ".join(kinds)]
    pairs = spec_.get("pairs") or []
    lines.append("  two commanders: " + (", ".join(abilities.PAIRING_LABELS[kind] for kind in pairs) if pairs else "never"))
    if spec_.get("signature_spell"):
        lines.append("  each oathbreaker brings one instant or sorcery signature spell")
    banned = fmt.dated_list_on("banned_as_commander", day)
    if banned or fmt.option("banned_as_commander"):
        lines += entry_lines("banned as commander", banned, day)
    return lines

