"""Is one card legal in a format on a date, on a platform, and why? (`cards lookup --format`).

The answer comes from the same rules as `validate`: the card is checked as a one-copy
deck, and the problems the card-level rules raise for it (`banned`, `restricted`,
`not-in-pool`, `card-limit`, `unknown-card`, ...) are the reasons it is not legal; deck
rules (sizes, a hero, a Commander deck's commander) do not speak about one card and are
left out. For a legal card the game may add why it is in the pool (Magic: the printing
that puts it there, from when), and the rules where it still may not go (`card_notes`).
In the Commander family a card that may lead a deck is said to, also one not legal among
the deck's cards (Pauper Commander's uncommon creature), and a legendary card or
planeswalker that can't says why; in Oathbreaker a legal instant or sorcery is said to be
one an oathbreaker of its colors may bring as its signature spell.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from ..formats import Format
from ..freshness import AsOf
from ..model import COMMANDER, MAIN, CardEntry, Deck

# Rules about a deck as a whole: one card says nothing about them. `extra-deck-type` says
# where a card goes (the one-card deck lists it in the main deck, so every Extra Deck
# monster would read "not legal"), not whether it may be played; `commander` needs a
# command zone, which a one-card deck lacks ("no commander" said every card of Commander,
# Brawl or Oathbreaker was not legal).
DECK_RULES = frozenset({"deck-size", "sideboard-size", "extra-deck-size", "extra-deck-type", "hero", "points",
                        "registration", "commander"})


@dataclass
class CardVerdict:
    """`legal`: no card-level rule objects (warnings aside); `reasons`: the problems that
    say why not (or warn); `why`: lines saying why the card is in (from the game), then
    where it still may not go (the rules' `card_notes`: banned as a commander, restricted)."""

    card: str
    format: str
    date: dt.date
    platform: str
    legal: bool
    reasons: list[dict[str, Any]] = field(default_factory=list)
    why: list[str] = field(default_factory=list)
    # The dates the verdict rests on, as a validation report's (freshness.py): a date past
    # the known lists gets validate's note.
    as_of: AsOf | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format, "date": self.date.isoformat(), "platform": self.platform, "legal": self.legal,
            "reasons": self.reasons, "why": self.why, "as_of": self.as_of.to_dict() if self.as_of else None,
        }

    def text(self, fmt_name: str) -> str:
        on = "" if self.platform == "paper" else f" on {self.platform}"
        lines = [f"  {fmt_name}, {self.date.isoformat()}{on}: {'LEGAL' if self.legal else 'NOT LEGAL'}"]
        lines += [f"    {reason['rule']}: {reason['message']}" for reason in self.reasons]
        lines += [f"    {line}" for line in self.why]
        note = self.as_of.note if self.as_of is not None else None
        if note:
            lines.append(f"note: {note}")
        return "\n".join(lines) + "\n"


def card_verdict(catalog: Any, name: str, code: int | None, fmt: Format, day: dt.date, platform: str) -> CardVerdict:
    """The verdict for the card `name` (or passcode `code`) in `fmt` on `day` on `platform`."""
    from ..games import find
    from ..pipeline import check_deck

    deck = Deck(source=name, entries=[CardEntry(name, 1, MAIN, 1, None, code)])
    result = check_deck(deck, fmt, date=day, cards=catalog, offline=True, platform=platform)
    reasons = [problem.to_dict() for problem in result.problems if problem.rule not in DECK_RULES]
    legal = not any(reason["severity"] == "error" for reason in reasons)
    verdict = CardVerdict(card=name, format=fmt.id, date=day, platform=platform, legal=legal, reasons=reasons,
                          as_of=result.as_of)
    game = find(fmt.game)
    if legal and game is not None:
        verdict.why = game.in_pool_reasons(catalog, name, fmt, day, platform)
    if legal:
        from ..rules import rules_for

        # Legal among the deck's cards, and yet not as a commander or companion (Derevi in Duel Commander).
        for rule in rules_for(fmt):
            if hasattr(rule, "card_notes"):
                verdict.why += rule.card_notes(name, fmt, day, platform)
    zone = fmt.option("commander")
    if zone:
        # Last, after the card notes: whether it can lead a deck is what a deck builder
        # looking a card up in a Commander format asks next.
        spell = _as_signature_spell(catalog, name, fmt, legal) if zone.get("signature_spell") else None
        verdict.why += _as_commander(catalog, name, code, fmt, day, platform) if spell is None else spell
    return verdict


def _as_signature_spell(catalog: Any, name: str, fmt: Format, legal: bool) -> list[str] | None:
    """In Oathbreaker, the line for an instant or sorcery: a legal one may be the signature
    spell of an oathbreaker whose color identity holds its own (docs/commander.md), a banned
    one nothing more than its reason. None for any other card: `_as_commander` says whether
    it may be the oathbreaker."""
    from ..rules._command_zone import identity_text, is_signature_spell

    card = catalog.get(name) if catalog is not None and fmt.game == "mtg" else None
    if card is None or not is_signature_spell(card):
        return None
    if not legal:
        return []
    colors = identity_text(card.color_identity)
    whose = "any oathbreaker" if colors == "colorless" else f"an oathbreaker whose color identity includes {colors}"
    return [f"it may be a signature spell: legal in the command zone beside {whose}"]


def _as_commander(catalog: Any, name: str, code: int | None, fmt: Format, day: dt.date, platform: str) -> list[str]:
    """The line saying whether the card may lead a deck: it may (legal in the command zone,
    which in Pauper Commander has its own pool: an uncommon creature, or an uncommon
    Background as the second commander), or, for a card one might mean as a leader (a
    legendary card, a planeswalker, a card that leads on another day), why it can't (the
    commander rule's message: Karn Liberated is no creature, a legendary Vehicle leads only
    from 2025-07-25). Of Sol Ring or Relentless Rats nothing is said. The card is checked
    alone in the command zone; the commander rule speaks here, the sizes do not. Nothing for
    a card banned as a commander (the card notes say so), nor for one that could lead but
    the command zone's pool or lists keep out (their problems above say why)."""
    from ..names import card_key
    from ..pipeline import check_deck
    from ..rules._command_zone import can_ever_lead, seconds_only
    from ..rules._signature_spells import NO_SPELL

    card = catalog.get(name) if catalog is not None and fmt.game == "mtg" else None
    if card is not None and card_key(card.name) in fmt.dated_list_on("banned_as_commander", day, platform):
        return []
    deck = Deck(source=name, entries=[CardEntry(name, 1, COMMANDER, 1, None, code)])
    result = check_deck(deck, fmt, date=day, cards=catalog, offline=True, platform=platform)
    # A Background alone is no commander (the commander rule says so), but beside one with
    # Choose a Background it is the second: only the command zone's pool and lists judge it.
    second = card is not None and seconds_only(card, fmt)
    ignored = DECK_RULES - {"commander"} | ({"commander"} if second else set())
    # Oathbreaker: a planeswalker alone lacks its signature spell, which says nothing of it.
    errors = [problem for problem in result.problems if problem.is_error and problem.rule not in ignored
              and not problem.message.startswith(NO_SPELL)]
    if not errors:
        if second:
            return ["it may be the deck's second commander, beside one with Choose a Background: legal in the command zone"]
        if fmt.option("commander").get("signature_spell"):
            return ["it may be the deck's oathbreaker: legal in the command zone, beside an instant or sorcery "
                    "within its colors as its signature spell"]
        return ["it may be the deck's commander: legal in the command zone"]
    # A legendary face anywhere (Ormendahl, the back of Westvale Abbey), which is not the
    # face a card leads by.
    meant = card is not None and ("Legendary" in card.type_line or "Planeswalker" in card.types
                                  or can_ever_lead(card, fmt))
    # The commander rule's reason, also beside the command zone's pool (Karn Liberated in
    # Pauper Commander has no uncommon printing either): it answers "can it lead?".
    # In Oathbreaker the card's own problem (a creature is neither oathbreaker nor signature
    # spell), not the zone's 'no oathbreaker: the command zone holds only ...'.
    leads = [problem for problem in errors if problem.rule == "commander"]
    reason = next((problem.message for problem in leads if problem.card), leads[0].message if leads else None)
    return [reason] if meant and reason is not None else []
