"""Which reading of a list's blank-line groups a format's sizes allow.

A typed list with no section header has only its layout to say where the sideboard is:
the text parser takes the last blank-line group as the sideboard, as MTGO exports do, and
records that guess (`Deck.guessed_sideboard`). Against a format the guess is settled:

- the group is part of the main deck when it cannot be a sideboard: more cards than the
  format's sideboard allows (or not the exact number it asks for), or the main deck would
  fall under its minimum while the whole list fits it (a 60-card list grouped by card type);
- otherwise it stays the sideboard.

Where the layout leaves room for doubt, a warning (`parse-error`) says which reading was
taken and how to make the list say which: read as main after a complete main deck (the
group is too big for a sideboard), or in a two-group list (the shape of an MTGO export)
whose group would be a valid sideboard; read as the sideboard in a list of more than two
groups where one main deck of every card would fit too. A list grouped by card type whose
last group is too big for a sideboard, and an MTGO export whose readings are clear, stay quiet.

A format that sizes neither the main deck nor the sideboard cannot tell: the guess stands.
A Commander format whose list names no commander leaves the guess to its command zone
first (the last group may be the commander, as MTGO exports it): rules/_commander_placing.py places
the commander, then settles what is left (rules.prepare). So does a WoW TCG list whose
`Hero` section holds more cards than its hero: the section may run on into the deck
(rules/hero.py), whose size settles the guess. Sizes that count other zones
(`including` the commander, `not_counting` the companion) count them as the size rules do
(rules/_sizes.zone_count).
"""
from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ..games import zone_name
from ..model import COMMANDER, HERO, MAIN, SIDEBOARD, CardEntry, Deck, GuessedSideboard
from ..problem import PARSE_ERROR, WARNING, Problem
from ..rules._sizes import zone_count
from ..rules.context import Context
from .common import parse_error
from ..wording import counted

if TYPE_CHECKING:
    from ..formats import Format


def settle_sideboard(
    deck: Deck, fmt: Format, day: dt.date, platform: str = "paper", *, command_zone_read: bool = False,
    context: Context | None = None,
) -> Deck:
    """The deck with its guessed sideboard settled for `fmt`'s zone sizes in force on `day`
    and `platform` (the deck itself when it has none); the settled deck has no guess left,
    so settling twice changes nothing. `context` (for `day` and `platform`) counts the
    zones when given, so the rules that check the deck with it count them once; its card
    data first decides whether the list's first line is its title (decklists/title.py),
    which changes the blank-line groups the guess was made from."""
    if deck.maybe_title is not None and context is not None:
        from .title import titled  # only a list whose first line may be its title

        deck = titled(deck, context.cards)
    guess = deck.guessed_sideboard
    if guess is None:
        return deck
    if not command_zone_read and ((fmt.option("commander") is not None and
                                   not any(entry.zone == COMMANDER for entry in deck.entries))
                                  or _hero_section_may_run_on(deck, fmt)):
        return deck
    main_size, side_size = fmt.zone_size(MAIN, day, platform), fmt.zone_size(SIDEBOARD, day, platform)
    settled = deck.copy(guessed_sideboard=None, problems=list(deck.problems))
    if main_size is None and side_size is None:
        return settled
    sizes = context if context is not None else Context(date=day, platform=platform)
    main = zone_count(deck, main_size, MAIN, sizes)[0] if main_size is not None else deck.count(MAIN)
    side = zone_count(deck, side_size, SIDEBOARD, sizes)[0] if side_size is not None else deck.count(SIDEBOARD)
    whole = main + guess.cards
    side_fits = side_size is None or side_size.allows(side)
    main_fits = main_size is None or main_size.allows(main)
    whole_fits = (main_size is None or main_size.allows(whole)) and (side_size is None or side_size.allows(side - guess.cards))
    if not side_fits or (not main_fits and whole_fits):
        settled.entries = [to_main(entry, guess.lines) for entry in deck.entries]
        if main_fits or (side_fits and guess.groups == 2):
            main_deck, sideboard, _ = sideboard_words(fmt.game)
            # A complete main deck then a group too big for a sideboard, or an MTGO-shaped
            # list whose main deck is short: a registration mistake is as likely as a longer
            # main deck, so the organiser hears which reading was taken.
            why = (f"{fmt.name} allows no {sideboard} of {counted(side, 'card')}" if not side_fits
                   else f"as a {sideboard} it would leave the {main_deck} {counted(main, 'card')}")
            settled.problems.append(_reading(
                f"read the last blank-line group ({counted(guess.cards, 'card')}) as part of the {main_deck} ({counted(whole, 'card')}): {why}",
                guess, MAIN, fmt.game,
            ))
        return settled
    if main_fits and whole_fits and guess.groups > 2:
        main_deck, sideboard, _ = sideboard_words(fmt.game)
        settled.problems.append(_reading(
            f"read the last of {guess.groups} blank-line groups ({counted(guess.cards, 'card')}) as the {sideboard}; "
            f"as part of the {main_deck} ({counted(whole, 'card')}) it would fit {fmt.name} too", guess, SIDEBOARD,
            fmt.game,
        ))
    return settled


def _hero_section_may_run_on(deck: Deck, fmt: Format) -> bool:
    """Whether `deck`'s `Hero` section holds more cards than the heroes `fmt` asks for: it
    may run on into the deck (rules/hero.py reads it), whose size the guess is settled by,
    so the hero rule's `prepare` reads it first and rules.prepare settles what is left."""
    spec = fmt.option("hero")
    if not isinstance(spec, dict):
        return False
    heroes = [entry for entry in deck.entries if entry.zone == HERO]
    return len(heroes) > 1 and sum(entry.count for entry in heroes) > int(spec.get("count", 1))


def sideboard_words(game: str) -> tuple[str, str, str]:
    """(main deck, sideboard, the heading line that starts a list's sideboard) in `game`'s
    words, as every other message names the zones: Yu-Gi-Oh!'s `Main Deck`, `Side Deck`
    (a `Side Deck` line heads it), the WoW TCG's `deck`, `side deck`; Magic's `main deck`,
    `sideboard` and `Sideboard`. For the notes on how a list's blank-line groups were read."""
    main_deck, sideboard = zone_name(game, MAIN, "main deck"), zone_name(game, SIDEBOARD, "sideboard")
    return main_deck, sideboard, sideboard[:1].upper() + sideboard[1:]


def _reading(message: str, guess: GuessedSideboard, zone: str, game: str) -> Problem:
    """The warning that says which reading of an ambiguous layout was taken, the zones
    named in the game's words (`sideboard_words`)."""
    main_deck, sideboard, heading = sideboard_words(game)
    return parse_error(
        f"{message}; put a `{heading}` line above the {sideboard} (or remove the blank lines inside the {main_deck}) "
        "to make the list say which", line=guess.first_line, zone=zone, severity=WARNING,
    )


def other_reading(deck: Deck, settled: Deck) -> Deck | None:
    """`deck` (as parsed, its sideboard a guess) read the other way from `settled` (the deck
    `settle_sideboard` made of it), when that reading was in doubt (its warning on the
    group's first line): the last group as the sideboard where `settled` made it part of the
    main deck, or the reverse; no guess left. None when the layout left no doubt. For `diff`,
    which compares a deck found at the table, one card short perhaps, with its registration
    (paperwork/diff.py), not for a deck's check: its verdict keeps the reading it warned of."""
    guess = deck.guessed_sideboard
    if guess is None or not any(problem.severity == WARNING and problem.rule == PARSE_ERROR and problem.line == guess.first_line
                                for problem in settled.problems[len(deck.problems):]):
        return None
    if any(entry.zone == MAIN and entry.line in guess.lines for entry in settled.entries):
        return deck.copy(guessed_sideboard=None)  # the parser's reading: the group is the sideboard
    return deck.copy(guessed_sideboard=None, entries=[to_main(entry, guess.lines) for entry in deck.entries])


def to_main(entry: CardEntry, lines: frozenset[int]) -> CardEntry:
    if entry.zone == SIDEBOARD and entry.line in lines:
        return entry.replace(zone=MAIN)
    return entry
