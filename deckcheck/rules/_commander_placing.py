"""Placing a Commander deck's command zone before any rule checks it (the `commander`
rule's `prepare`): a deck without a command zone gets one from its file's conventions - the
commander a Cockatrice file names (banner card, `CDR:` comment), the one or two cards a
typed list puts first (card data tells), or the ones MTGO and Moxfield exports file in the
sideboard - and a sideboard card with a companion ability is marked as the companion.
A typed `Commander` section that runs on into the deck gives the deck back (`_run_on`).

docs/commander.md ("Writing the command zone") describes the conventions.
"""
from __future__ import annotations

from typing import Any

from ..formats import Format
from ..games.mtg import abilities
from ..model import COMMANDER, COMPANION, MAIN, MAYBEBOARD, SIDEBOARD, CardEntry, Deck, move_one
from ..names import card_key
from ..problem import Problem
from ._command_zone import can_ever_lead, eligible_kinds, is_signature_spell, lookup, seconds_only, spec
from ._section_run_on import ran_on, to_main, whole_deck
from .context import Context

# MTGO and Moxfield exports put the commander(s), and a companion, in the sideboard: two
# commanders and a companion; in Oathbreaker two oathbreakers, their two signature spells
# and a companion.
_MOST_IN_SIDEBOARD = 3
_MOST_IN_SIDEBOARD_WITH_SPELLS = 5


def prepare(deck: Deck, fmt: Format, ctx: Context) -> Deck:
    """The deck with its command zone filled from the file's conventions when it has
    none, and the companion a sideboard card's ability makes one marked as such."""
    entries = _set_aside(deck.entries, fmt, ctx)
    if any(entry.zone == COMMANDER for entry in entries):
        ran_on = _run_on(deck, entries, fmt, ctx)
        if ran_on is not None:
            entries, warning = ran_on
            deck = deck.copy(problems=[*deck.problems, warning])
    else:
        # The commanders the file names, else its banner card (a picture: taken only if it can lead).
        hints = deck.commander_hints or ((deck.banner_card,) if deck.banner_card else ())
        placed = _from_hints(entries, hints, fmt, ctx)
        if placed is None:
            placed = _from_first_group(entries, deck.guessed_sideboard, fmt, ctx)
            if placed is not None:
                deck = _settle_after_commander(deck, placed, fmt, ctx)
                placed = deck.entries
        if placed is None:
            placed = _from_sideboard(entries, fmt, ctx) or _from_lone_group(entries, fmt)
            if placed is not None and deck.guessed_sideboard is not None:
                # The blank-line group the parser guessed was the sideboard held the commander
                # (or the deck): the layout is read, nothing is left to settle.
                deck = deck.copy(guessed_sideboard=None)
        entries = placed or entries
    entries = _mark_companion(entries, ctx)
    return deck if entries is deck.entries else deck.with_entries(entries)


def _run_on(deck: Deck, entries: list[CardEntry], fmt: Format, ctx: Context) -> tuple[list[CardEntry], Problem] | None:
    """A typed list whose `Commander` section holds the whole deck (no `Deck` line, no blank
    line after the commander: the header the "no commander" hint asks for, added alone):
    the card that leads it (with its partner, and in Oathbreaker the signature spell), then
    the deck, which a warning says was read so; when its first card leads nothing, the whole
    section is the deck (`_no_leader`). None for any other deck: a list with a main deck
    lists what it means to be in the command zone, and the `commander` rule judges it.
    Without card data (or when the data does not know the first card) the section's size
    still tells it runs on (more cards than any command zone holds): its first card leads
    (in Oathbreaker with the signature spell after it), and the warning says a partner
    needs the `Deck` line."""
    if deck.input_format not in (None, "text") or any(entry.zone == MAIN for entry in entries):
        return None
    zone = sorted((entry for entry in entries if entry.zone == COMMANDER and entry.line is not None),
                  key=lambda entry: entry.line)  # type: ignore[arg-type, return-value]
    spells = bool(spec(fmt).get("signature_spell"))
    if sum(entry.count for entry in zone) <= (4 if spells else 2):
        return None  # no more than a command zone can hold: as written
    header, what = ("Oathbreaker", "oathbreaker") if spells else ("Commander", "commander")
    if ctx.cards is None or lookup(ctx, zone[0]) is None:
        lead = _unseen_leaders(zone, spells)
        if lead is None:
            return None
        leaders = what + (" and signature spell" if len(lead) > 1 else "")
        # The name quoted as messages quote one (a comma of its own must not read as a pause).
        reason = "without card data" if ctx.cards is None else f"the card data does not know {zone[0].name!r}"
        unsure = (f" and its first {'two cards' if len(lead) > 1 else 'card'} as the {leaders} ({reason}, deckcheck "
                  f"cannot tell a partner: a second {what} needs a `Deck` line below it)")
    else:
        lead = _leaders(zone, fmt, ctx)
        if lead is None:
            return _no_leader(entries, zone, header, what)
        leaders, unsure = what if len(lead) == 1 else what + "s", ""
        if spells:
            # Each oathbreaker's signature spell follows it (or them) in the section.
            found = 0
            for entry in zone[len(lead):len(lead) * 2]:
                card = lookup(ctx, entry)
                if entry.count != 1 or card is None or not is_signature_spell(card):
                    break
                found += 1
            lead = zone[:len(lead) + found]
            leaders += "" if not found else " and signature spell" if found == 1 else " and signature spells"
    rest = zone[len(lead):]
    return to_main(entries, rest), ran_on(header, leaders, rest[0].line, sum(entry.count for entry in rest), unsure)


def _no_leader(entries: list[CardEntry], zone: list[CardEntry], header: str, what: str) -> tuple[list[CardEntry], Problem]:
    """A `Commander` section that holds the whole deck (more than a command zone holds, no
    main deck) and whose first card leads nothing (a heading, a blank line, then the deck
    from `Sol Ring` on): the section read as the deck, with a warning saying so; the
    `commander` rule then says the deck has none, not that each of its 99 cards is a
    commander that cannot lead."""
    cards = sum(entry.count for entry in zone)
    return to_main(entries, zone), whole_deck(header, what, zone[0], cards, f"cannot be its {what}")


def _unseen_leaders(zone: list[CardEntry], spells: bool) -> list[CardEntry] | None:
    """Without card data, the first card of a run-on command zone (one copy), with the card
    after it in a format of signature spells (an oathbreaker's spell follows it); None
    when the first line holds several copies (no command zone's first card does)."""
    if zone[0].count != 1:
        return None
    if spells and zone[1].count == 1:
        return zone[:2]
    return zone[:1]


def _leaders(zone: list[CardEntry], fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """The first one or two cards of a command zone (in line order) that lead the deck: the
    first if it can lead, with the second if the two pair (a Background leads only beside
    its commander, in either order); None when the first card leads nothing."""
    first, cards = zone[0], [lookup(ctx, entry) for entry in zone[:2]]
    if first.count != 1 or cards[0] is None:
        return None
    second = zone[1] if len(zone) > 1 and zone[1].count == 1 and zone[1].key != first.key else None
    if second is not None and cards[1] is not None and lead_together(cards[0], cards[1], fmt, ctx):
        return [first, second]
    return [first] if eligible_kinds(cards[0], fmt, ctx.date) else None


def lead_together(first: Any, second: Any, fmt: Format, ctx: Context) -> bool:
    """Whether two cards pair as the format allows and one of them can lead: partners, or a
    commander and its Background (which leads only beside it), in either order."""
    from .commander import pair_problem  # the commander rule imports this module

    return bool(abilities.pairings(first) or abilities.pairings(second)) and pair_problem(first, second, fmt) is None \
        and bool(eligible_kinds(first, fmt, ctx.date) or eligible_kinds(second, fmt, ctx.date))


def breaks_with(breaker: Any, spell: Any, fmt: Format, ctx: Context) -> bool:
    """Whether, in a format with signature spells (Oathbreaker), `spell` may be the signature
    spell of `breaker`: a card that can lead the deck, and an instant or sorcery within its
    color identity (what moving the two to the command zone would not make the next error)."""
    return bool(spec(fmt).get("signature_spell")) and bool(eligible_kinds(breaker, fmt, ctx.date)) \
        and is_signature_spell(spell) and set(spell.color_identity) <= set(breaker.color_identity)


def _set_aside(entries: list[CardEntry], fmt: Format, ctx: Context) -> list[CardEntry]:
    """A sideboard is no part of a Commander deck: what a file files there that no deck can
    hold (a precon's planes and phenomena) or that repeats a commander (its display copy)
    is set aside, as the maybeboard is. The rest stays for `sideboard-size` to judge. The
    sideboard copy of a card the deck names as its companion is the companion, never a
    display copy: as the commander too, it is a second copy (`copy-limit`)."""
    if not any(entry.zone == SIDEBOARD for entry in entries):
        return entries
    never = frozenset(fmt.pool_option("exclude_types") or ())
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
    named = [ctx.cards.get(hint) for hint in hints] if ctx.cards is not None else [None] * len(hints)
    # Last first: move_one puts each card it moves at the front, so the command zone ends up
    # in the file's order (its pair problem and identities name the cards as the file does).
    for hint, card in zip(reversed(hints), reversed(named)):
        wanted = {card_key(hint)}
        if ctx.cards is not None:
            # A banner card is a picture: only a card that can lead is taken as the commander,
            # or one that leads beside another the file names (a Background, its commander).
            if card is None or not (eligible_kinds(card, fmt, ctx.date) or (spells and is_signature_spell(card))
                                    or any(other is not None and other.name != card.name
                                           and lead_together(card, other, fmt, ctx) for other in named)):
                continue
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
    most = _MOST_IN_SIDEBOARD_WITH_SPELLS if spec(fmt).get("signature_spell") else _MOST_IN_SIDEBOARD
    if not side or sum(entry.count for entry in side) > most:
        return None
    companions = [entry for entry in side if _has_companion_ability(entry, ctx)]
    leaders = [entry for entry in side if entry not in companions and _may_lead(entry, fmt, ctx)]
    leaders += _second_commanders(side, leaders, companions, fmt, ctx)
    if not leaders:
        first = _lead_group(entries, fmt, ctx)
        if first is not None and _fits_without_sideboard(entries, fmt, ctx):
            return _to_command_zone(entries, first)
        # A lone companion-capable card may be MTGO's commander (Lurrus leading a deck), but
        # not the sideboard copy of the card a `Companion` section names: that is the companion.
        named = {entry.key for entry in entries if entry.zone == COMPANION}
        leaders = [entry for entry in companions[:1] if entry.key not in named]
        if not leaders:
            return None
    out = []
    for entry in entries:
        if any(entry is leader for leader in leaders):
            out.append(entry.replace(zone=COMMANDER))
        else:
            out.append(entry)
    return out


def _second_commanders(side: list[CardEntry], leaders: list[CardEntry], companions: list[CardEntry],
                       fmt: Format, ctx: Context) -> list[CardEntry]:
    """The sideboard cards that lead no deck alone but pair with the one commander found
    there: a Background beside its commander with Choose a Background, filed in the
    sideboard with it (beside a commander the card data does not know, a misspelt one,
    any Background: the file's convention holds)."""
    if len(leaders) != 1 or ctx.cards is None:
        return []
    commander = lookup(ctx, leaders[0])
    found = []
    for entry in side:
        if entry.count != 1 or entry.key == leaders[0].key or any(entry is other for other in (*leaders, *companions)):
            continue
        card = lookup(ctx, entry)
        if card is not None and (lead_together(commander, card, fmt, ctx) if commander is not None
                                 else seconds_only(card, fmt)):
            found.append(entry)
    return found[:1]


def _may_lead(entry: CardEntry, fmt: Format, ctx: Context) -> bool:
    """Whether a sideboard card may be the commander MTGO files there: any card but one the
    card data knows can never lead a deck of the format (nor, in Oathbreaker, be a
    signature spell). Such a card is a sideboard card (`sideboard-size` names it): taken
    as the commander, a Sol Ring under a green deck made every card of the deck a
    color-identity problem against a colorless "commander"."""
    card = lookup(ctx, entry)
    if card is None:
        return True  # unknown (a misspelt commander) or no card data: the convention holds
    return can_ever_lead(card, fmt) or bool(spec(fmt).get("signature_spell") and is_signature_spell(card))


def _from_lone_group(entries: list[CardEntry], fmt: Format) -> list[CardEntry] | None:
    """A text list whose first group (before a blank line) is one or two cards (in
    Oathbreaker up to four: two oathbreakers and their signature spells) and whose second
    is the deck: the blank-line rule read them as deck and sideboard."""
    main = sum(entry.count for entry in entries if entry.zone == MAIN)
    side = sum(entry.count for entry in entries if entry.zone == SIDEBOARD)
    if not 1 <= main <= (4 if spec(fmt).get("signature_spell") else 2) or side < 40:
        return None
    swap = {MAIN: COMMANDER, SIDEBOARD: MAIN}
    return [e.replace(zone=swap[e.zone]) if e.zone in swap else e for e in entries]


def _from_first_group(entries: list[CardEntry], guess: Any, fmt: Format, ctx: Context) -> list[CardEntry] | None:
    """A text list of three or more blank-line groups whose first is one or two cards that
    can lead a deck (card data tells; a commander and its Background; in Oathbreaker with
    their signature spells, _lead_group): the commander, then the deck grouped (by card
    type, say), perhaps a companion last."""
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
    can lead a deck (card data tells; a commander and its Background, in either order; in
    Oathbreaker one or two oathbreakers with no more signature spells than they, each
    within one's colors) and the rest is a deck (40 cards or more)."""
    if ctx.cards is None:
        return None
    spells = bool(spec(fmt).get("signature_spell"))
    main = sorted((entry for entry in entries if entry.zone == MAIN and entry.line is not None), key=lambda e: e.line)
    run = main[:1]
    for entry in main[1:]:
        if entry.line != run[-1].line + 1:
            break
        run.append(entry)
    count = sum(entry.count for entry in run)
    rest = sum(entry.count for entry in entries if entry.zone in (MAIN, SIDEBOARD)) - count
    if not 1 <= count <= (4 if spells else 2) or rest < 40 or len(run) == len(main):
        return None
    cards = [lookup(ctx, entry) for entry in run]
    if None in cards:
        return None
    leading = [bool(eligible_kinds(card, fmt, ctx.date)) for card in cards]  # type: ignore[arg-type]
    if count <= 2 and all(leading):
        return run
    # An oathbreaker's signature spell leads nothing alone, but is typed beside it: one or two
    # oathbreakers, one copy each, and no more spells than they, each within one's colors.
    if spells and all(entry.count == 1 for entry in run):
        leaders = [card for card, lead in zip(cards, leading) if lead]
        others = [card for card, lead in zip(cards, leading) if not lead]
        if 1 <= len(leaders) <= 2 and len(others) <= len(leaders) and all(
                any(breaks_with(leader, spell, fmt, ctx) for leader in leaders) for spell in others):
            return run
    # A Background leads no deck alone, but beside its commander (either first) the two do.
    return run if len(run) == 2 and count == 2 and lead_together(cards[0], cards[1], fmt, ctx) else None


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
