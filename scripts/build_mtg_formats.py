"""Generate the dated banned/restricted lists of the Magic constructed formats.

    python scripts/build_mtg_formats.py [--data ../shared/data/mtg] [--check]

Inputs (see ../shared/data/mtg/README.md and banlists/README.md):
- format_history/banlist_history.json: every banned/restricted change per format, in order;
  replaying it up to a date gives the list in force that day.
- banlists/xmage_lists.json, key "Constructed": cards banned in every constructed format by
  rule (conspiracies, ante, dexterity and sub-game cards, the 2020 "culturally offensive"
  cards, Unfinity attractions and stickers, Gleemox) -> mtg/constructed.
- legality_snapshots/scryfall_legal_names_2024.json.gz and cards.jsonl.gz: which of those
  cards a format's history bans from a day on though they were never legal (`never_legal`).

Writes formats/mtg/constructed.yaml and formats/mtg/<format>.yaml for standard, pioneer,
modern, legacy, vintage, pauper and premodern, each with its `card_pool` (scripts/mtg_card_pools.py:
Scryfall legality key, and dated set lists or rarities for databases without legalities). `--check` compares today's generated lists with the
current XMage and Forge lists and prints every difference (they lag or lead by an
announcement, and XMage misspells "Monastery Mentor").
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
FORMATS_DIR = ROOT / "formats" / "mtg"
# ../shared/data/mtg beside the checkout (a git worktree sits one level deeper).
DEFAULT_DATA = next((parent / "shared" / "data" / "mtg" for parent in ROOT.parents if (parent / "shared" / "data").is_dir()),
                    ROOT.parent / "shared" / "data" / "mtg")

FORMATS = {
    # id: (display name, history key, description, first day: the format's `since`)
    # First days: Standard (Type II), Vintage (Type I) and Legacy (Type 1.5) as the shared data's
    # format epochs date them (format_history/constructed_format_epochs.csv): Standard's first
    # row names its day, January 10, 1995 (mtg_card_pools.STANDARD_CREATED_ON, the day its
    # first sets open), the others their month; Pioneer and Modern on the day they were
    # created; Pauper when Magic Online made it a format (December 2008).
    "standard": ("Standard", "standard", "Magic's rotating format of the most recent sets.", "1995-01-10"),
    "pioneer": ("Pioneer", "pioneer", "Non-rotating format of sets from Return to Ravnica (2012) on, created 2019-10-21.",
                "2019-10-21"),
    "modern": ("Modern", "modern", "Non-rotating format of sets from Eighth Edition (2003) on, created 2011-08-12.",
               "2011-08-12"),
    "legacy": ("Legacy", "legacy", "Eternal format of every set, with a banned list.", "1996-05-01"),
    "vintage": ("Vintage", "vintage", "Eternal format of every set, with a restricted list (one copy).", "1994-01-01"),
    "pauper": ("Pauper", "pauper", "Cards printed at common, with a banned list.", "2008-12-01"),
    # A community format (premodernmagic.com, created 2012 by Martin Berlin) with no first
    # day to point at: no `since`.
    "premodern": ("Premodern", "premodern",
                  "Community eternal format of the sets from Fourth Edition (1995) to Scourge (2003), with a banned list.",
                  None),
}

# Where each format is played (rule format-platform): MTG Arena's constructed play has
# Standard and Pioneer (as Explorer before), never Modern, Legacy, Vintage or Pauper, whose
# cards mostly never came out there (Magic Online has them all).
PLAYED_ON = {
    "standard": ("paper", "mtgo", "arena"),
    "pioneer": ("paper", "mtgo", "arena"),
    "modern": ("paper", "mtgo"),
    "legacy": ("paper", "mtgo"),
    "vintage": ("paper", "mtgo"),
    "pauper": ("paper", "mtgo"),
    # Played on paper and in Magic Online's community leagues (puremtgo.com, "You should play
    # Premodern", 2023); never on Arena, which has none of its sets.
    "premodern": ("paper", "mtgo"),
}

# Corrections to the history, each from the data README's known issues.
DATE_FIXES = {
    # The source cites the March 11, 2024 announcement but dates these changes 2025-03-11;
    # the Scryfall snapshot of 2024-03-18 agrees with 2024.
    ("modern", "Violent Outburst", "banned", "2025-03-11"): "2024-03-11",
    ("vintage", "Ponder", "legal", "2025-03-11"): "2024-03-11",
}


class Effective(NamedTuple):
    """The days the changes the history dates `day` took effect where they differ from that
    one date: `days` maps a platform (paper, mtgo, arena) to its day, a platform not named
    takes `day`; `formats` (history keys) limits it to the formats of one announcement, when
    another took effect everywhere on the same date ((): every format)."""

    day: str
    days: dict[str, str]
    source: str
    formats: tuple[str, ...] = ()


# Announcements whose changes took effect on some platform on another day than the history
# gives (the announcement's own "Effective Date" lines). The history dates most changes by
# their paper day, but some of 2019 by the digital one (the paper day was the Friday after).
# Announcements not listed took effect on the same day everywhere, or were not researched.
PLATFORM_DAYS = (
    Effective(
        "2017-01-20", {"mtgo": "2017-01-11"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/matt-sperling-articles/emrakul-copter-reflector-mage-grave-troll-probe-banned/",
        ("standard", "modern")),
    Effective(
        "2017-04-28", {"mtgo": "2017-04-27"},
        "http://www.hipstersofthecoast.com/2017/04/emergency-banning-felidar-guardian-standard-effective-april-28th-2017/",
        ("standard",)),
    Effective(
        "2017-06-19", {"mtgo": "2017-06-14"},
        "https://magic.wizards.com/en/articles/archive/feature/june-13-2017-banned-and-restricted-announcement-2017-06-13",
        ("standard",)),
    Effective(
        "2017-09-01", {"mtgo": "2017-08-30"},
        "https://puremtgo.com/articles/vintage-restricted-list-changes-and-vintage-leagues",
        ("vintage",)),
    Effective(
        "2018-01-19", {"mtgo": "2018-01-15"},
        "https://www.coolstuffinc.com/a/alexullman-news-01152018-january-15-banned-and-restricted-announcement",
        ("standard",)),
    Effective(
        "2018-07-06", {"mtgo": "2018-07-05"},
        "https://www.achachem.com/single-post/2018/01/16/MTGRIX-Banned-And-Restricted",
        ("legacy",)),
    Effective(
        "2018-02-19", {"mtgo": "2018-02-14"},
        "https://www.coolstuffinc.com/a/alexullman-news-02122018-jace-the-mind-sculptor-and-bloodbraid-elf-unbanned-in-modern",
        ("modern",)),
    # Krark-Clan Ironworks (Modern), announced January 21, 2019: on paper from January 25 (the
    # announcement's Italian edition: "Data di applicazione: 25 gennaio 2019"); Magic Online
    # removed it from its leagues on the announcement day, with a new in-client banning system.
    Effective(
        "2019-01-21", {"paper": "2019-01-25"},
        "https://metagame.info/strategia/italiano/magic/42-italiano/3496-news-annuncio-dci-bar-list-gennaio-2019.html, "
        "http://epicstream.com/news/JakeVyper/Magic-The-Gathering-Online-Introduces-New-System-To-Handle-Card-Bans",
        ("modern",)),
    Effective(
        "2019-05-24", {"mtgo": "2019-05-20"},
        "https://cms.upcomer.com/pauper-format-bans-gitaxian-probe-gush-and-daze-magic-bans/",
        ("pauper",)),
    # Pauper became a paper format on June 27, 2019, its banned list growing by Hymn to
    # Tourach, Sinkhole and High Tide: in force on paper from that announcement, on Magic
    # Online with its Core Set 2020 update of July 2 (the history's date).
    Effective(
        "2019-07-02", {"paper": "2019-06-27"},
        "https://magic.wizards.com/de/news/announcements/pauper-comes-paper-2019-06-27, "
        "https://coolstuffinc.com/a/kendrasmith-06282019-pauper-official-and-sanctioned",
        ("pauper",)),
    Effective(
        "2019-07-12", {"mtgo": "2019-07-08"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/news-brief-bridge-from-below-banned-in-modern-arena-updates-and/",
        ("modern",)),
    Effective(
        "2019-08-30", {"mtgo": "2019-08-26", "arena": "2019-09-04"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/news-brief-hogaak-and-faithless-looting-banned-stoneforge-unbanned-vintage-and-hall-of-fame-changes/",
        ("standard", "modern", "vintage")),
    # The Standard and Pauper bans of October 21, 2019; Pioneer, created that day, had its
    # first banned list at once.
    Effective(
        "2019-10-21", {"paper": "2019-10-25", "mtgo": "2019-10-21", "arena": "2019-10-24"},
        "https://dotesports.com/mtg/news/magic-the-gathering-bans-field-of-the-dead-in-standard",
        ("standard", "pauper")),
    Effective(
        "2019-11-08", {"mtgo": "2019-11-05"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/pioneer-the-first-bans/",
        ("pioneer",)),
    Effective(
        "2019-11-18", {"paper": "2019-11-22", "mtgo": "2019-11-18", "arena": "2019-11-18"},
        "https://gamerant.com/magic-the-gathering-bans-oko-thief-of-crowns-once-upon-a-time-veil-of-summer/",
        ("standard", "legacy", "vintage")),
    # Brawl: Arena banned Oko on 2019-11-05, paper followed the November 18 announcement on
    # 2019-11-22 (Magic Online on the 18th); Golos, March 9, 2020: paper and Magic Online on
    # 2020-03-10, Arena on 2020-03-12.
    Effective(
        "2019-11-18", {"paper": "2019-11-22", "arena": "2019-11-05"},
        "https://mtgazone.com/tag/banned-and-restricted-announcement/, https://outof.games/comments/41051",
        ("brawl",)),
    Effective(
        "2020-03-10", {"arena": "2020-03-12"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/march-9th-banned-and-restricted-list-update/",
        ("brawl",)),
    # Brawl, May 18, 2020 (Drannith Magistrate, Winota): tabletop and Magic Online that day,
    # MTG Arena on 2020-05-21.
    Effective(
        "2020-05-18", {"arena": "2020-05-21"},
        "https://strategy.channelfireball.com/all-strategy/mtg/channelmagic-articles/may-18-banned-and-restricted-list-update/",
        ("brawl",)),
    Effective(
        "2020-06-01", {"arena": "2020-06-04"},
        "https://magic.wizards.com/en/articles/archive/news/june-1-2020-banned-and-restricted-announcement"),
    Effective(
        "2022-01-25", {"mtgo": "2022-01-27", "arena": "2022-01-27"},
        "https://magic.wizards.com/en/articles/archive/news/january-25-2022-banned-and-restricted-announcement"),
    Effective(
        "2022-10-10", {"arena": "2022-10-13"},
        "https://magic.wizards.com/en/articles/archive/news/october-10-2022-banned-and-restricted-announcement"),
    Effective(
        "2023-05-29", {"arena": "2023-05-30"},
        "https://mtgazone.com/may-29-2023-banned-and-restricted-announcement/"),
    Effective(
        "2023-12-04", {"arena": "2023-12-05"},
        "https://magic.wizards.com/news/announcements/december-4-2023-banned-and-restricted-announcement"),
    Effective(
        "2024-08-26", {"arena": "2024-08-27"},
        "https://magic.wizards.com/en/news/announcements/august-26-2024-banned-and-restricted-announcement"),
)


def effective(day: str, fmt: str) -> Effective | None:
    """The PLATFORM_DAYS entry for the changes format `fmt` (a history key) dates `day`."""
    return next((entry for entry in PLATFORM_DAYS if entry.day == day and (not entry.formats or fmt in entry.formats)), None)


# Placeholders in the history that do not name a card; mtg/constructed covers them.
NOT_CARDS = {"Sticker sheet"}

# The 2020-06-10 announcement banned these in every format; the base list is dated so that
# older events keep their lists.
OFFENSIVE_2020 = {
    "Cleanse", "Crusade", "Imprison", "Invoke Prejudice", "Jihad", "Pradesh Gypsies", "Stone-Throwing Devils",
}
OFFENSIVE_DATE = "2020-06-10"

# Where each format's card pool comes from (its `sources:` line).
POOL_SOURCE = "card pool sets from Forge's format files, sets.json release dates and the Standard epochs (via ../shared/data)"
POOL_SOURCES = {
    "premodern": "card pool sets Fourth Edition to Scourge with Chronicles, as taw/magic-search-engine's Premodern "
                 "format lists them (premodernmagic.com, 4th Edition through Scourge)",
}

HEADER = "# Generated by scripts/build_mtg_formats.py from ../shared/data/mtg; edit the script, not this file.\n"

# The sideboard rule of the Magic Tournament Rules (6.1): exactly 15 cards or none until
# the Magic 2014 rules update, up to 15 since. The update took effect at the M14
# prerelease on paper and on Magic Online eleven days later (Arena did not exist yet).
SIDEBOARD_CHANGE = {"paper": "2013-07-13", "mtgo": "2013-07-24"}
SIDEBOARD_SOURCE = (
    "sideboard exactly 0 or 15 until the Magic 2014 tournament-rules update (effective 2013-07-13 on paper, "
    "2013-07-24 on Magic Online), up to 15 since: https://old.starcitygames.com/news/135_Big+M14+Rules+Update%21"
)


def yaml_str(text: str, *, flow: bool = False) -> str:
    """A YAML scalar for a card name: JSON strings are valid YAML double-quoted scalars.

    Plain scalars are kept where they are safe for readability; inside `{...}` a comma
    would end the value, so there names with commas are quoted.
    """
    plain = r"[A-Za-z][A-Za-z0-9 '\-]*" if flow else r"[A-Za-z][A-Za-z0-9 ,'\-]*"
    if re.fullmatch(plain, text) and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def day_on(day: str, platforms: tuple[str, ...], fmt: str = "") -> str:
    """A list entry's date: the history's day, or `{paper: ..., arena: ...}` when the
    announcement of that day took effect on another day on a platform the format `fmt`
    (a history key) is played on (PLATFORM_DAYS)."""
    found = effective(day, fmt)
    if found is None:
        return day
    days = {platform: found.days.get(platform, day) for platform in ("paper", *platforms)}
    # In a format file a platform not named takes paper's date: one on paper's day is left out.
    days = {platform: other for platform, other in days.items() if platform == "paper" or other != days["paper"]}
    if days == {"paper": day}:
        return day
    return "{" + ", ".join(f"{platform}: {other}" for platform, other in days.items()) + "}"


def entry(card: str, since: str | None, until: str | None, note: str | None = None,
          platforms: tuple[str, ...] = (), fmt: str = "") -> str:
    if since is None and until is None and note is None:
        return f"  - {yaml_str(card)}"
    parts = [f"card: {yaml_str(card, flow=True)}"]
    if since:
        parts.append(f"since: {day_on(since, platforms, fmt)}")
    if until:
        parts.append(f"until: {day_on(until, platforms, fmt)}")
    if note:
        parts.append(f"note: {json.dumps(note)}")
    return "  - {" + ", ".join(parts) + "}"


def intervals(
    events: list[dict], fmt: str, statuses: tuple[str, ...] = ("banned", "restricted"),
) -> dict[str, list[tuple[str, str | None, str | None]]]:
    """Replay a format's history into (status, since, until) intervals per card, for the
    `statuses` the format keeps (the Commander formats add `banned_as_commander` and
    `banned_as_companion`; a change from one status to another ends the first)."""
    current: dict[str, tuple[str, str | None]] = {}  # card -> (status, since)
    spans: dict[str, list[tuple[str, str | None, str | None]]] = {}
    order: list[str] = []
    for event in events:
        for card, status in event["changes"].items():
            if card in NOT_CARDS:
                continue
            date = DATE_FIXES.get((fmt, card, status, event["date"]), event["date"])
            if status != "legal" and status not in statuses:
                continue  # banned_as_commander/companion do not apply to these formats
            if card not in spans:
                spans[card] = []
                order.append(card)
            if card in current:
                old_status, since = current.pop(card)
                if old_status == status:
                    current[card] = (old_status, since)
                    continue
                spans[card].append((old_status, since, date))
            if status != "legal":
                current[card] = (status, date)
    for card, (status, since) in current.items():
        spans[card].append((status, since, None))
    return {card: spans[card] for card in order if spans[card]}


def never_legal(data: Path, history: dict) -> frozenset[str]:
    """Cards the base list bans for good that a format's history bans only from some day on,
    though Scryfall's list of that format's legal cards, taken before that day, did not hold
    them: they were never legal. These are Unfinity's acorn-stamped Attractions (Centrifuge,
    Cover the Spot, Squirrel Stack, ...), which the history puts on the May 13, 2024 ban of
    every sticker and Attraction card beside the eternal-legal ones (Balloon Stand); the card
    data has no acorn stamp to tell them by. A format's entry for a card replaces the base
    list's, so such an entry made them legal until the ban: `dated_lists` leaves them out."""
    xmage = json.loads((data / "banlists" / "xmage_lists.json").read_text(encoding="utf-8"))
    with gzip.open(data / "legality_snapshots" / "scryfall_legal_names_2024.json.gz", "rt", encoding="utf-8") as handle:
        snapshots = json.load(handle)["formats"]
    banned = set(xmage["Constructed"]["banned.add"]) - OFFENSIVE_2020  # on every day
    first_out: dict[str, str] = {}
    with gzip.open(data / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            card = json.loads(line)
            if card["name"] in banned:
                first_out[card["name"]] = card["first_printed"]
    found = set()
    for key, snapshot in snapshots.items():
        if key not in history["formats"]:
            continue
        day, legal = snapshot["snapshot_date"], set(snapshot["legal_names"])
        for card, spans in intervals(history["formats"][key], key).items():
            listed = any((since or "") <= day and (until is None or day < until) for _, since, until in spans)
            if card in banned and card not in legal and not listed and first_out.get(card, day) < day:
                found.add(card)
    return frozenset(found)


def never_legal_source(events: list[dict], never: frozenset[str]) -> list[str]:
    """The `sources:` line saying which of `never` a format's history listed and the file
    leaves to mtg/constructed's ban (none: no line)."""
    left = sorted({card for event in events for card in event["changes"]} & never, key=str.casefold)
    if not left:
        return []
    return [f"history entries left to mtg/constructed's ban, never legal (acorn-stamped; not in Scryfall's 2024 legal "
            f"lists before their dated ban): {', '.join(left)}"]


def dated_lists(
    events: list[dict], history_key: str, statuses: tuple[str, ...] = ("banned", "restricted"),
    notes: dict[str, str] | None = None, platforms: tuple[str, ...] = (), never: frozenset[str] = frozenset(),
) -> list[str]:
    """The format file's list of each of `statuses` (`banned:`, ...) from a dated history;
    `notes` gives an entry the note of the day it started (its announcement); `platforms`
    (where the format is played) take an announcement's later day there (PLATFORM_DAYS);
    the cards of `never` (`never_legal`) are left to the base list's ban."""
    spans = {card: items for card, items in intervals(events, history_key, statuses).items() if card not in never}
    lines: list[str] = []
    for status in statuses:
        rows = [
            entry(card, since, until, (notes or {}).get(since or ""), platforms, history_key)
            for card, items in sorted(spans.items(), key=lambda kv: kv[0].casefold())
            for item_status, since, until in items if item_status == status
        ]
        lines.append(f"{status}:" + ("" if rows else " []"))
        lines.extend(rows)
    return lines


def platform_day_citations(announced: set[str], platforms: tuple[str, ...], fmt: str) -> list[str]:
    """The PLATFORM_DAYS entries a format's lists use (one of the dates of its history,
    another day on a platform it is played on), each with its source, for `sources:`."""
    lines = []
    for day in sorted(day for day in announced if day):
        found = effective(day, fmt)
        other = [f"{platform} {when}" for platform, when in (found.days if found else {}).items() if platform in platforms and when != day]
        if found and other:
            lines.append(f"changes dated {day} took effect on {', '.join(other)} ({found.source})")
    return lines


def platform_day_sources(announced: set[str], platforms: tuple[str, ...], fmt: str) -> list[str]:
    """`sources:` lines of platform_day_citations."""
    return [f"  - {citation}" for citation in platform_day_citations(announced, platforms, fmt)]


def format_yaml(fmt_id: str, history: dict, data: Path, never: frozenset[str] = frozenset()) -> str:
    from mtg_card_pools import card_pool_lines

    name, key, description, since = FORMATS[fmt_id]
    announced = {event["date"] for event in history["formats"][key]}
    lines = [
        HEADER.rstrip(),
        f"name: {name}",
        "game: mtg",
        "extends: mtg/constructed",
        f"description: {yaml_str(description, flow=True)}",
        "sources:",
        "  - banned/restricted history from taw/magic-search-engine index/banlist_history.json (via ../shared/data)",
        "  - dates as announced, effective on the listed day; two 2025-03-11 entries corrected to 2024-03-11",
        *platform_day_sources(announced, PLAYED_ON[fmt_id], key),
        *(f"  - {json.dumps(line)}" for line in never_legal_source(history["formats"][key], never)),
        f"  - {POOL_SOURCES.get(fmt_id, POOL_SOURCE)}",
        *([f"since: {since}  # the format's first day (rule format-date)"] if since else []),
        f"platforms: [{', '.join(PLAYED_ON[fmt_id])}]  # where it is played (rule format-platform)",
        *card_pool_lines(fmt_id, data),
    ]
    lines += dated_lists(history["formats"][key], key, platforms=PLAYED_ON[fmt_id], never=never)
    return "\n".join(lines) + "\n"


def last_announcement(history: dict) -> str:
    """The day of the newest change in the bundled history: the lists are known up to it."""
    return max(event["date"] for events in history["formats"].values() for event in events if event["date"])


def constructed_yaml(xmage: dict, history: dict) -> str:
    cards = sorted(set(xmage["Constructed"]["banned.add"]), key=str.casefold)
    rows = [entry(card, OFFENSIVE_DATE if card in OFFENSIVE_2020 else None, None) for card in cards]
    change = "{" + ", ".join(f"{platform}: {day}" for platform, day in SIDEBOARD_CHANGE.items()) + "}"
    return "\n".join(
        [
            HEADER.rstrip(),
            "name: Constructed",
            "game: mtg",
            "extends: mtg/base",
            "description: >-",
            "  The common core of Magic's constructed formats: at least 60 cards in the main deck, a",
            "  sideboard of up to 15 (exactly 15 or none before the 2013 tournament rules), at most 4",
            "  copies of a card by English name over main deck and sideboard together (basic lands and",
            "  \"any number\" cards exempt), and the cards banned in every constructed format by rule.",
            "sources:",
            "  - Magic Tournament Rules 6.1-6.3 (constructed deck construction)",
            f"  - \"{SIDEBOARD_SOURCE}\"",
            "  - \"cards banned in all constructed formats: XMage's base list (via ../shared/data)\"",
            "  - \"lists known up to the newest change of the banned/restricted history (via ../shared/data)\"",
            f"lists_known_up_to: {last_announcement(history)}",
            "deck:",
            "  main: {min: 60}",
            "  sideboard:",
            f"    - {{exactly: 15, or_none: true, until: {change}}}",
            f"    - {{max: 15, since: {change}}}",
            "# A companion's deck-building condition holds for the starting deck (rules/companion.py).",
            "companion: {}",
            "banned:",
            *rows,
        ]
    ) + "\n"


def _forge_list(path: Path, field: str) -> set[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{field}:"):
            return {part.strip() for part in line.split(":", 1)[1].split(";") if part.strip()}
    return set()


def check_against_current(data: Path) -> int:
    """Print differences between today's generated lists and XMage's and Forge's."""
    sys.path.insert(0, str(ROOT))
    from deckcheck.formats import load

    xmage = json.loads((data / "banlists" / "xmage_lists.json").read_text(encoding="utf-8"))
    today = dt.date.today()
    differences = 0
    for fmt_id, (name, *_) in FORMATS.items():
        if name not in xmage:  # a community format neither engine lists (Premodern)
            print(f"{fmt_id}: no XMage or Forge list to compare with")
            continue
        fmt = load(f"mtg/{fmt_id}")
        ours = {"banned": {e.card for e in fmt.banned_on(today).values()},
                "restricted": {e.card for e in fmt.restricted_on(today).values()}}
        base = set(xmage["Constructed"]["banned.add"])
        theirs = {
            "xmage banned": set(xmage[name]["banned.add"]) | base,
            "xmage restricted": set(xmage[name]["restricted.add"]),
            "forge banned": _forge_list(data / "banlists" / f"{name}.txt", "Banned"),
            "forge restricted": _forge_list(data / "banlists" / f"{name}.txt", "Restricted"),
        }
        for label, other in theirs.items():
            mine = ours[label.split()[1]]
            if label.startswith("forge"):
                mine = mine - base  # Forge lists the rule-banned cards by other means
            only_ours, only_theirs = sorted(mine - other), sorted(other - mine)
            if only_ours or only_theirs:
                differences += 1
                print(f"{fmt_id} vs {label}: only ours {only_ours}; only theirs {only_theirs}")
    return differences


def write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--check", action="store_true", help="compare today's lists with XMage and Forge")
    args = parser.parse_args(list(argv) if argv is not None else None)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if args.check:
        check_against_current(args.data)
        return 0
    history = json.loads((args.data / "format_history" / "banlist_history.json").read_text(encoding="utf-8"))
    xmage = json.loads((args.data / "banlists" / "xmage_lists.json").read_text(encoding="utf-8"))
    write(FORMATS_DIR / "constructed.yaml", constructed_yaml(xmage, history))
    never = never_legal(args.data, history)
    for fmt_id in FORMATS:
        write(FORMATS_DIR / f"{fmt_id}.yaml", format_yaml(fmt_id, history, args.data, never))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
