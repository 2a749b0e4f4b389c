"""The `card_pool` of each Magic constructed format, for scripts/build_mtg_formats.py.

Every pool names Scryfall's legality key (decisive with Scryfall data) and, for card
databases built from printings alone, the sets (with dates) or rarities that decide:

- Standard: the sets legal on each date. Up to 2020 they come from
  format_history/constructed_format_epochs.csv ("X cards now legal. A, B and C cards no
  longer legal."), later rotations are listed below; a set enters on its release and
  leaves on the release of the set that rotates it out (`rotated_by`, with that set's
  paper release date as `until`). A set's own release needs no date in the file: on each
  platform it is the set's release there (games/mtg/availability.py), so `since` is
  written only where the format admitted a set later than its release (Standard's
  creation in 1995, Chronicles). The script checks the result against Forge's current
  Standard list.
- Pioneer, Modern: Forge's set lists (banlists/*.txt), set codes mapped to Scryfall's,
  plus the sets released after those lists; each set from its release.
- Premodern: the sets Standard held from 1995 to 2003, Fourth Edition to Scourge with
  Chronicles (PREMODERN_SETS, as taw/magic-search-engine's format definition lists them, the
  source of the banned list; premodernmagic.com: "4th Edition through Scourge"); a card is
  legal in any printing when one of them printed it.
- Legacy, Vintage, Pauper: every set except those whose cards are not tournament cards
  (Un-sets, playtest cards, planes and schemes, ...); Pauper also needs a common printing,
  on paper or on Magic Online (`printed_on`: Pauper's card pool is what was printed at
  common in either, as its rules say - Chainer's Edict and Thermokarst are commons only
  in Magic Online's sets).
"""
from __future__ import annotations

import csv
import datetime as dt
import json
import re
from pathlib import Path

# Forge's set codes that differ from Scryfall's (the codes of sets.json and card data).
FORGE_TO_SCRYFALL = {
    "cfx": "con", "po2": "p02", "nms": "nem", "med": "me1", "fve": "v09", "fvr": "v10", "fvl": "v11",
    "pds": "h09", "com": "cmd", "mps_kld": "mps", "mps_akh": "mp2", "drc94": "pdrc", "phpr": "phpr",
}
# Sets that every format with a set list gained after Forge's lists (Standard ~Nov 2025),
# all Standard-legal premier sets; confirmed by the MTGO decks of 2026 that play them.
SETS_AFTER_FORGE = ("ecl", "tmt", "sos", "msh")
# Standard rotations after the epochs file ends (2020-04): (set that arrives, sets that leave).
STANDARD_SINCE_2020 = (
    ("m21", ()), ("znr", ("grn", "rna", "war", "m20")), ("khm", ()), ("stx", ()), ("afr", ()),
    ("mid", ("eld", "thb", "iko", "m21")), ("vow", ()), ("neo", ()), ("snc", ()),
    ("dmu", ("znr", "khm", "stx", "afr")), ("bro", ()), ("one", ()), ("mom", ()), ("mat", ()),
    # Rotation became three-yearly in 2023: nothing left with Wilds of Eldraine, the 2021-22
    # sets left with Bloomburrow, the 2022-23 sets with Edge of Eternities (MTGO's Standard
    # decks play Neon Dynasty cards until 2024-06 and Dominaria United cards until 2025-07).
    ("woe", ()), ("lci", ()), ("mkm", ()), ("otj", ()), ("big", ()),
    ("blb", ("mid", "vow", "neo", "snc")), ("dsk", ()), ("fdn", ()), ("dft", ()), ("tdm", ()),
    ("fin", ()), ("eoe", ("dmu", "bro", "one", "mom", "mat")), ("spm", ()), ("tla", ()),
    ("ecl", ()), ("tmt", ()), ("sos", ()), ("msh", ()),  # no rotation before 2027
)
# Standard before the epochs file's first rotation: Revised, The Dark and Fallen Empires
# at its creation (1995-01-10); Chronicles joined with Homelands and left with the
# 1997-07 rules (the file says so in prose only).
STANDARD_CREATED = ("3ed", "drk", "fem")
STANDARD_CREATED_ON = "1995-01-10"
STANDARD_PROSE_WINDOWS = (("chr", "1995-10-14", "1997-07-01"),)
# Names the epochs file spells differently from sets.json.
NAME_ALIASES = {
    "revised": "revised edition", "mirrodin beseiged": "mirrodin besieged", "sixth edition": "classic sixth edition",
    "theros: beyond death": "theros beyond death",
}
# Rows of the epochs file whose "no longer legal" list is wrong, with what left that day:
# Judgment (not Scourge, which left a year later with Onslaught and Legions) left with
# Mirrodin; Kaladesh and Aether Revolt left with Amonkhet and Hour of Devastation in 2018.
# Found by comparing the result with Forge's Standard list (see check_standard).
EPOCH_FIXES = {
    "STN-2003-11-MRD": ("ody", "tor", "jud"),
    "STN-2018-10-GRN": ("kld", "aer", "akh", "hou"),
}
# Sets that were legal together with a main set (Time Spiral's timeshifted sheet).
COMPANION_SETS = {"tsb": "tsp"}
# Sets whose cards are not tournament cards in any sanctioned constructed format.
NOT_TOURNAMENT_SETS = {
    "ugl": "Unglued", "unh": "Unhinged", "ust": "Unstable", "und": "Unsanctioned",
    "cmb1": "Mystery Booster playtest cards", "cmb2": "Mystery Booster 2 playtest cards",
    "30a": "30th Anniversary Edition (not tournament legal)", "ced": "Collectors' Edition", "cei": "International Collectors' Edition",
    "j21": "Jumpstart: Historic Horizons (Arena only)",
    "ohop": "Planechase planes", "opc2": "Planechase 2012 planes", "oarc": "Archenemy schemes", "oe01": "Archenemy schemes",
}
# Card types that are never part of a constructed deck (Planechase, Archenemy, Vanguard,
# dungeons, sticker sheets, helper cards of type "Card"): sets like Doctor Who Commander
# print planes next to ordinary cards.
NOT_DECK_TYPES = ("Card", "Dungeon", "Phenomenon", "Plane", "Scheme", "Stickers", "Vanguard")


def _sets(data: Path) -> list[dict]:
    return json.loads((data / "sets.json").read_text(encoding="utf-8"))


def forge_sets(data: Path, name: str) -> list[str]:
    for line in (data / "banlists" / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("Sets:"):
            codes = [code.strip().lower() for code in line[5:].split(",") if code.strip()]
            return [FORGE_TO_SCRYFALL.get(code, code) for code in codes]
    return []


def _names(text: str) -> list[str]:
    return [part.strip() for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if part.strip()]


def standard_windows(data: Path) -> list[tuple[str, str | None, str | None, str | None]]:
    """(set, since, until, rotated_by) for every set that was ever in Standard, in order of
    entry; `since` is None where the set entered on its own release."""
    sets = _sets(data)
    by_name = {entry["name"].casefold(): entry["code"] for entry in sets}
    released = {entry["code"]: entry["release_date"] for entry in sets}

    def code(name: str) -> str:
        key = NAME_ALIASES.get(name.casefold(), name.casefold())
        if key not in by_name:
            raise SystemExit(f"epochs file names a set not in sets.json: {name!r}")
        return by_name[key]

    events: list[tuple[str, tuple[str, ...]]] = []
    with open(data / "format_history" / "constructed_format_epochs.csv", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["Format"] != "Standard":
                continue
            arrived = re.match(r"\s*([^.]+?) cards (?:are )?now legal", row["Summary"])
            if not arrived:
                continue
            gone = re.search(r"\.\s*([^.]+?) (?:cards )?(?:are )?no longer legal", row["Summary"])
            leaving = tuple(code(name) for name in _names(gone.group(1))) if gone else ()
            leaving = EPOCH_FIXES.get(row["Code"], leaving)
            events.append((code(arrived.group(1)), leaving))
    events.extend(STANDARD_SINCE_2020)
    windows: dict[str, list[str | None]] = {code: [STANDARD_CREATED_ON, None, None] for code in STANDARD_CREATED}
    for arriving, leaving in events:
        day = released[arriving]
        windows.setdefault(arriving, [None, None, None])
        for old in leaving:
            if old not in windows:
                raise SystemExit(f"{old} leaves Standard on {day} but never entered it")
            windows[old][1:] = [day, arriving]
    for set_code, since, until in STANDARD_PROSE_WINDOWS:
        windows[set_code] = [since, until, None]
    for companion, main in COMPANION_SETS.items():
        windows[companion] = list(windows[main])
    return [(set_code, since, until, rotated_by) for set_code, (since, until, rotated_by) in windows.items()]


def standard_sets_on(windows: list[tuple[str, str | None, str | None, str | None]], day: str, data: Path) -> set[str]:
    """The sets of `windows` in Standard on `day` (paper release dates)."""
    released = {entry["code"]: entry["release_date"] for entry in _sets(data)}
    return {code for code, since, until, _ in windows
            if (since or released[code]) <= day and (until is None or day < until)}


# Premodern's sets (see the module doc), in release order.
PREMODERN_SETS = (
    "4ed", "ice", "chr", "hml", "all", "mir", "vis", "5ed", "wth", "tmp", "sth", "exo", "usg", "ulg", "6ed", "uds",
    "mmq", "nem", "pcy", "inv", "pls", "7ed", "apc", "ody", "tor", "jud", "ons", "lgn", "scg",
)


def _dated(codes: list[str]) -> list[tuple[str, str | None, str | None, str | None]]:
    return [(code, None, None, None) for code in dict.fromkeys(codes)]


def card_pool(fmt_id: str, data: Path) -> dict:
    """The `card_pool` mapping of one format."""
    pool: dict = {"legality": fmt_id, "exclude_types": list(NOT_DECK_TYPES)}
    if fmt_id == "standard":
        pool["sets"] = standard_windows(data)
    elif fmt_id in ("pioneer", "modern"):
        pool["sets"] = _dated(forge_sets(data, fmt_id.title()) + list(SETS_AFTER_FORGE))
    elif fmt_id == "premodern":
        pool["sets"] = _dated(list(PREMODERN_SETS))
    else:
        pool["exclude_sets"] = sorted(NOT_TOURNAMENT_SETS)
        if fmt_id == "pauper":
            pool["rarity"] = "common"
            pool["printed_on"] = ["paper", "mtgo"]
    return pool


def card_pool_lines(fmt_id: str, data: Path) -> list[str]:
    """YAML lines for a format's `card_pool` key."""
    pool = card_pool(fmt_id, data)
    lines = ["card_pool:", f"  legality: {pool['legality']}"]
    if "sets" in pool:
        lines.append("  sets:")
        for code, since, until, rotated_by in pool["sets"]:
            parts = [f"set: {json.dumps(code)}"] + [f"{key}: {value}" for key, value in (("since", since), ("until", until)) if value]
            if rotated_by:
                parts.append(f"rotated_by: {json.dumps(rotated_by)}")
            lines.append("    - {" + ", ".join(parts) + "}")
    if "exclude_sets" in pool:
        lines.append("  exclude_sets:")
        lines.extend(f"    - {json.dumps(code)}  # {NOT_TOURNAMENT_SETS[code]}" for code in pool["exclude_sets"])
    lines.append(f"  exclude_types: [{', '.join(pool['exclude_types'])}]")
    if "rarity" in pool:
        lines.append(f"  rarity: {pool['rarity']}")
    if "printed_on" in pool:
        lines.append(f"  printed_on: [{', '.join(pool['printed_on'])}]")
    return lines


def check_standard(data: Path, day: str = "2025-12-01") -> list[str]:
    """Differences between our Standard sets on `day` and Forge's current list."""
    ours = standard_sets_on(standard_windows(data), day, data)
    forge = set(forge_sets(data, "Standard"))
    return [f"only ours: {sorted(ours - forge)}"] * bool(ours - forge) + [f"only Forge: {sorted(forge - ours)}"] * bool(forge - ours)


if __name__ == "__main__":
    import sys

    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data" / "mtg"
    for day in ("1999-01-01", "2010-01-01", "2024-06-01", "2024-09-01", str(dt.date.today())):
        print(day, sorted(standard_sets_on(standard_windows(shared), day, shared)))
    print(check_standard(shared) or "Standard matches Forge's list on 2025-12-01")
