"""Generate the Commander family's format files from the shared data.

    python scripts/build_commander_formats.py [--data ../shared/data/mtg] [--check]

Inputs (see ../shared/data/mtg/commander/README.md):
- commander/commander_banlist.json: Commander's dated history with each announcement's URL;
- format_history/banlist_history.json, key "duel commander": Duel Commander's dated history
  (banned and banned-as-commander), commander/duel_commander_banlist.json for the URLs;
- commander/brawl_banlist_history.json: the Brawl history (Standard Brawl until 2021, the
  Arena Brawl bans of 2025-2026);
- commander/oathbreaker.json, pauper_commander.json: their (undated) banned lists;
- the card pools of scripts/mtg_card_pools.py (every tournament set; Standard's dated sets).

Writes formats/mtg/{commander,duel-commander,pauper-commander,oathbreaker,standard-brawl,
brawl}.yaml, each extending the hand-written mtg/commander-base (construction rules shared
by the family). `--check` compares today's lists with the current ones the shared data
records from Forge and XMage and prints every difference.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_mtg_formats import (  # noqa: E402
    DEFAULT_DATA, FORMATS_DIR, HEADER, NOT_CARDS, ROOT, dated_lists, never_legal, never_legal_source, platform_day_citations, write, yaml_str,
)
from mtg_card_pools import card_pool_lines  # noqa: E402

STATUSES = ("banned", "banned_as_commander", "banned_as_companion")
# The Standard Brawl part of the Brawl history ends with the 2021 bans; the 2025 and 2026
# events are MTG Arena's 100-card Brawl (cards that were never Standard-legal).
STANDARD_BRAWL_UNTIL = "2022-01-01"
# The first event of the Brawl history has no date: Brawl was announced on 2018-03-22.
BRAWL_CREATED = "2018-03-22"
BRAWL_ANNOUNCED = "https://magic.wizards.com/en/articles/archive/ways-play/join-brawl-2018-03-22"
BRAWL_ALWAYS = ("Arcane Signet", "Command Tower")
BRAWL_ALWAYS_SINCE = "2022-09-09"
# Brawl is played on paper, Magic Online and MTG Arena: a ban's day may differ on each
# (PLATFORM_DAYS of build_mtg_formats.py).
BRAWL_PLATFORMS = ("paper", "mtgo", "arena")


# Sets the paper formats leave out that Arena's Brawl takes: Arena sets (Jumpstart: Historic
# Horizons is Historic, so Brawl).
ARENA_SETS = ("j21",)


# Where the paper Commander formats are played (rule format-platform): MTG Arena has
# Brawl, not these; checked there, a deck got a `not-in-pool` warning for each card Arena
# never had and no word of why.
PAPER_AND_MTGO = "platforms: [paper, mtgo]  # where it is played (rule format-platform)"


def _pool(template: str, legality: str | None, data: Path, *extra: str, admit: Iterable[str] = ()) -> list[str]:
    """A `card_pool` made like `template`'s (mtg_card_pools.py) under another legality key;
    the sets of `admit` are not excluded."""
    lines = card_pool_lines(template, data)
    dropped = {f"    - {json.dumps(code)}" for code in admit}
    lines = [line for line in lines if not line.startswith("  legality:") and line.split("  #")[0] not in dropped]
    if legality:
        lines.insert(1, f"  legality: {legality}")
    return lines + list(extra)


def _file(name: str, description: str, sources: Iterable[str], body: list[str]) -> str:
    lines = [
        HEADER.replace("build_mtg_formats.py", "build_commander_formats.py").rstrip(),
        f"name: {name}",
        "game: mtg",
        "extends: mtg/commander-base",
        "description: >-",
        *(f"  {line}" for line in _wrap(description)),
        "sources:",
        *(f"  - {json.dumps(source, ensure_ascii=False)}" for source in sources),
        *body,
    ]
    return "\n".join(lines) + "\n"


def _wrap(text: str, width: int = 92) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=width)


def commander(data: Path) -> str:
    source = json.loads((data / "commander" / "commander_banlist.json").read_text(encoding="utf-8"))
    urls = {event["date"]: event["url"] for event in source["events"] if event.get("date") and event.get("url")}
    return _file(
        "Commander",
        "Multiplayer Commander (EDH): 100 cards with the commander, singleton, every card within the commander's "
        "color identity; the banned list of the Commander Rules Committee (to 2024-09-30) and of Wizards of the "
        "Coast's Commander Format Panel since, with the day each change took effect.",
        [
            "Magic Comprehensive Rules 903 (Commander), 702.124 (partner), 702.139 (companion)",
            "ban history: taw/magic-search-engine index/banlist_history.json @77ae2d6d (via ../shared/data/mtg/commander); each dated entry's note is its announcement",
        ],
        [
            PAPER_AND_MTGO,
            *_pool("legacy", "commander", data),
            *dated_lists(source["events"], "commander", STATUSES, urls),
        ],
    )


def duel_commander(data: Path) -> str:
    history = json.loads((data / "format_history" / "banlist_history.json").read_text(encoding="utf-8"))
    source = json.loads((data / "commander" / "duel_commander_banlist.json").read_text(encoding="utf-8"))
    urls = dict(source.get("recent_event_urls") or {})
    events, never = history["formats"]["duel commander"], never_legal(data, history)
    return _file(
        "Duel Commander",
        "Commander for two players (the French-born competitive format, also on Magic Online): Commander's "
        "construction with its own banned and banned-as-commander lists; a two-player game, so no free mulligan "
        "and the player on the play skips the first draw.",
        [
            "Duel Commander rules and announcements (mtgdc.info, duelcommander.org); each dated entry's note is its announcement where the data has it",
            "ban history: taw/magic-search-engine index/banlist_history.json key \"duel commander\" (via ../shared/data/mtg/format_history)",
            "Magic Comprehensive Rules 103.5c, 103.8a (two-player game: no free mulligan, the first player skips the draw)",
            *never_legal_source(events, never),
        ],
        [
            PAPER_AND_MTGO,
            *_pool("legacy", "duel", data),
            *dated_lists(events, "duel commander", STATUSES, urls, never=never),
            "opening_hand: {size: 7, mulligan: london, free_mulligan: false, first_player_draws: false}",
        ],
    )


def pauper_commander(data: Path) -> str:
    source = json.loads((data / "commander" / "pauper_commander.json").read_text(encoding="utf-8"))
    banned = sorted(set(source["banned"]["xmage"]["banned"]) | set(source["banned"]["forge"]["banned"]), key=str.casefold)
    return _file(
        "Pauper Commander",
        "Pauper Commander (PDH): Commander's construction with a nonland creature printed at uncommon as the "
        "commander (it need not be legendary) and 99 cards each printed at common; its own banned list.",
        [
            "Pauper Commander rules (pdhhomebase.com): commander an uncommon creature, the deck commons",
            "Pauper EDH comprehensive rules v5.2 (pdhhomebase.com) 906.1: a nonland creature of uncommon rarity "
            "leads the deck (\"Dryad Arbor is a land creature. It can't be a commander.\"); of a double-faced card "
            "only the front face",
            "banned: Forge forge-gui/res/formats/Casual/PauperCommander.txt @1a94c0da and XMage PauperCommander.java @ab9cb3b3 (via ../shared/data/mtg/commander)",
        ],
        [
            PAPER_AND_MTGO,
            "commander:",
            "  eligible: [nonland creature]",
            *_pool("pauper", None, data, "  commander_rarity: uncommon"),
            "banned:",
            *(f"  - {yaml_str(card)}" for card in banned),
        ],
    )


def oathbreaker(data: Path) -> str:
    source = json.loads((data / "commander" / "oathbreaker.json").read_text(encoding="utf-8"))
    return _file(
        "Oathbreaker",
        "Oathbreaker: 60 cards with a planeswalker (the oathbreaker) and its signature spell, an instant or "
        "sorcery within the oathbreaker's color identity, both in the command zone; singleton; the deck's color "
        "identity is the oathbreaker's.",
        [
            "Oathbreaker rules (weirdcards.org/oathbreaker)",
            "banned: Forge forge-gui/res/formats/Casual/Oathbreaker.txt @d9c0a086 (via ../shared/data/mtg/commander)",
        ],
        [
            PAPER_AND_MTGO,
            "deck:",
            "  main: {exactly: 60, including: [commander]}",
            "commander:",
            "  eligible: [planeswalker]",
            "  pairs: [partner, partner variant, partner with]",
            "  signature_spell: true",
            *_pool("legacy", "oathbreaker", data),
            "banned:",
            *(f"  - {yaml_str(card)}" for card in source["banned_forge_d9c0a08"]),
        ],
    )


def _brawl_events(data: Path, *, standard: bool) -> tuple[list[dict], dict[str, str]]:
    source = json.loads((data / "commander" / "brawl_banlist_history.json").read_text(encoding="utf-8"))
    events = []
    for event in source["events"]:
        if standard and event["date"] and event["date"] >= STANDARD_BRAWL_UNTIL:
            continue
        events.append({"date": event["date"] or BRAWL_CREATED, "changes": event["changes"], "url": event.get("url")})
    return events, {event["date"]: event["url"] for event in events if event.get("url")}


BRAWL_COMMANDER = [
    "commander:",
    "  eligible:",
    "    - legendary creature",
    "    - planeswalker",
    "    - {kind: legendary vehicle, since: 2025-07-25}",
    "    - {kind: legendary spacecraft with power/toughness, since: 2025-07-25}",
    "color_identity: {colorless_basic_lands: one_type}",
    # CR 103.5c: any Brawl game has a free first mulligan; Arena's Brawl is a two-player game.
    "opening_hand: {size: 7, mulligan: london, free_mulligan: true, first_player_draws: false}",
]


def standard_brawl(data: Path) -> str:
    events, urls = _brawl_events(data, standard=True)
    return _file(
        "Standard Brawl",
        "Standard Brawl (the 2018 paper Brawl, MTG Arena's Standard Brawl): 60 cards with the commander, a "
        "legendary creature or planeswalker; the card pool of Standard on the date (plus Arcane Signet and "
        "Command Tower from 2022-09-09); a colorless commander's deck may hold basic lands of one type; its own "
        "banned list.",
        [
            "Magic Comprehensive Rules 903.11 (Brawl), 103.5c (free first mulligan in any Brawl game)",
            "ban history: taw/magic-search-engine index/banlist_history.json key brawl @77ae2d6d (via ../shared/data/mtg/commander), to the 2021 bans",
            "Standard's sets: scripts/mtg_card_pools.py; Arcane Signet and Command Tower: taw format_standard_brawl.rb @d7fd32c3",
            f"first day: Brawl was announced on {BRAWL_CREATED} (Wizards of the Coast, \"Join the Brawl\", {BRAWL_ANNOUNCED})",
            *platform_day_citations({event["date"] for event in events}, BRAWL_PLATFORMS, "brawl"),
        ],
        [
            # Standard's set windows go back to 1995: before Brawl there was no Standard Brawl
            # (rule format-date), and a set that left Standard before it never left Standard Brawl.
            f"since: {BRAWL_CREATED}  # the format's first day (rule format-date)",
            "deck:",
            "  main: {exactly: 60, including: [commander]}",
            *BRAWL_COMMANDER,
            *_pool("standard", "standardbrawl", data),
            "pool_cards:",
            *(f"  - {{card: {card}, since: {BRAWL_ALWAYS_SINCE}}}" for card in BRAWL_ALWAYS),
            *dated_lists(events, "brawl", ("banned",), urls, BRAWL_PLATFORMS),
        ],
    )


def brawl(data: Path) -> str:
    events, urls = _brawl_events(data, standard=False)
    return _file(
        "Brawl",
        "Brawl as MTG Arena plays it today (formerly Historic Brawl): 100 cards with the commander, a legendary "
        "creature or planeswalker; Arena's card pool; a colorless commander's deck may hold basic lands of one "
        "type; the Brawl banned list.",
        [
            "Magic Comprehensive Rules 903.11 (Brawl), 103.5c (free first mulligan in any Brawl game)",
            "ban history: taw/magic-search-engine index/banlist_history.json key brawl @77ae2d6d (via ../shared/data/mtg/commander)",
            "100-card Arena Brawl: taw search-engine/lib/format/brawl_deck_rules.rb @dda3725a",
            *platform_day_citations({event["date"] for event in events}, BRAWL_PLATFORMS, "brawl"),
        ],
        [
            *BRAWL_COMMANDER,
            # Arena's pool: a card with a printing on MTG Arena (games/mtg/availability.py).
            *_pool("legacy", "brawl", data, "  printed_on: [arena]", admit=ARENA_SETS),
            *dated_lists(events, "brawl", ("banned",), urls, BRAWL_PLATFORMS),
        ],
    )


GENERATORS = {
    "commander": commander, "duel-commander": duel_commander, "pauper-commander": pauper_commander,
    "oathbreaker": oathbreaker, "standard-brawl": standard_brawl, "brawl": brawl,
}


def check_against_current(data: Path) -> int:
    """Differences between today's generated lists and the current lists in the shared data."""
    sys.path.insert(0, str(ROOT))
    from deckcheck.formats import load

    today = dt.date.today()
    current = {
        "commander": json.loads((data / "commander" / "commander_banlist.json").read_text(encoding="utf-8")),
        "duel-commander": json.loads((data / "commander" / "duel_commander_banlist.json").read_text(encoding="utf-8")),
    }
    differences = 0
    for fmt_id, source in current.items():
        fmt = load(f"mtg/{fmt_id}")
        for key in ("banned", "banned_as_commander", "banned_as_companion"):
            ours = {entry.card for entry in (fmt.banned_on(today) if key == "banned" else fmt.dated_list_on(key, today)).values()}
            if key == "banned":
                ours -= {entry.card for entry in load("mtg/constructed").banned}
            theirs = set(source[key]) - {entry.card for entry in load("mtg/constructed").banned} - NOT_CARDS
            only_ours, only_theirs = sorted(ours - theirs), sorted(theirs - ours)
            if only_ours or only_theirs:
                differences += 1
                print(f"{fmt_id} {key}: only ours {only_ours}; only the shared list {only_theirs}")
    return differences


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--check", action="store_true", help="compare today's lists with the shared current lists")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.check:
        return 1 if check_against_current(args.data) else 0
    for fmt_id, generate in GENERATORS.items():
        write(FORMATS_DIR / f"{fmt_id}.yaml", generate(args.data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
