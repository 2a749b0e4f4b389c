"""Build deckcheck's built-in card data: deckcheck/data/cards.sqlite.

    python scripts/build_card_data.py [--data ../shared/data] [--out deckcheck/data/cards.sqlite] [--check]

One SQLite file with the tables of a synced card database (the Magic tables of
games/mtg/store.py, `ygo_cards`, `wow_cards`), so the same catalogs read both. Inputs
(see ../shared/data/*/README.md and scripts/data/README.md):

- Magic: mtg/cards.jsonl.gz (every Oracle card with its printings, from OCTGN) and
  mtg/sets.json (set release dates), plus the curated tables of scripts/data/:
  mtg_sets.csv (umbrella and digital-only sets, MTGO and Arena release days, paper
  legality at prerelease since 2023, each row with its source) and
  mtg_alternate_names.csv (names MTGO and Arena print cards under: Through the
  Omenpaths). Rows of the card file whose name has ` // ` but only one face (the newest
  set's "prepare" cards) are split into their faces.
- Yu-Gi-Oh!: ygo/cards.jsonl.gz (YAML Yugi: passcodes, names, type bits, TCG/OCG print
  codes -> region bits; Japanese names -> `ygo_japanese_names`, games/yugioh/japanese.py).
- WoW TCG: wow/cards.json.gz (every printing; the TOK set's printings marked as tokens).

The file is deterministic for the same inputs (no build time inside), opened immutable at
run time (cards/builtin.py). `--check` builds into a temporary file and compares every
table with the committed artifact; it exits 1 and names the tables that differ.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import gzip
import json
import re
import sqlite3
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckcheck.games.mtg.cards import Card, Printing, SetInfo, split_type_line  # noqa: E402

CURATED = Path(__file__).resolve().parent / "data"
# ../shared/data beside the checkout (a git worktree sits one level deeper).
DEFAULT_DATA = next((parent / "shared" / "data" for parent in ROOT.parents if (parent / "shared" / "data").is_dir()),
                    ROOT.parent / "shared" / "data")
DEFAULT_OUT = ROOT / "deckcheck" / "data" / "cards.sqlite"
# The day of the card file's snapshot (mtg/README.md): what the Magic data knows.
MTG_SNAPSHOT = "2026-06-14"
YGO_SNAPSHOT = "2026-08-22"
WOW_SNAPSHOT = "2012-07-04"


def read_csv(name: str) -> list[dict[str, str]]:
    with open(CURATED / name, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def mtg_sets(data: Path) -> dict[str, SetInfo]:
    """The sets of sets.json with the curated facts of mtg_sets.csv. A set released the
    same day as a set whose cards are legal from its prerelease (a Commander deck or bonus
    sheet sold with it) is legal from that prerelease too."""
    listed = json.loads((data / "mtg" / "sets.json").read_text(encoding="utf-8"))
    curated = {row["code"]: row for row in read_csv("mtg_sets.csv")}
    unknown = sorted(set(curated) - {entry["code"] for entry in listed})
    if unknown:
        raise SystemExit(f"mtg_sets.csv names sets the card data lacks: {unknown}")
    prerelease = {entry["release_date"]: curated[entry["code"]]["paper_legal"] for entry in listed
                  if curated.get(entry["code"], {}).get("paper_legal")}
    sets = {}
    for entry in listed:
        row = curated.get(entry["code"], {})
        sets[entry["code"]] = SetInfo(
            code=entry["code"], name=entry["name"], released=entry["release_date"], kind=row.get("kind", ""),
            digital=row.get("digital") == "1", mtgo=row.get("mtgo") or None, arena=row.get("arena") or None,
            paper_legal=row.get("paper_legal") or prerelease.get(entry["release_date"]),
        )
    return sets


def _split_faces(card: dict) -> dict:
    """A row named `A // B` with one face (the card file's newest "prepare" cards): its
    faces from the name, cost and type line; types from the front face."""
    names = card["name"].split(" // ")
    if len(names) < 2 or len(card.get("face_names") or ()) > 1:
        return card
    types = card.get("type_line", "").split(" // ")
    costs = card.get("mana_cost", "").split(" // ")
    faces = [{"name": name, "type_line": types[i] if i < len(types) else "", "mana_cost": costs[i] if i < len(costs) else ""}
             for i, name in enumerate(names)]
    supertypes, kinds, subtypes = split_type_line(card.get("type_line", ""))
    return {**card, "face_names": names, "faces": faces, "front_face_name": names[0], "layout": "adventure",
            "supertypes": list(supertypes), "types": list(kinds), "subtypes": list(subtypes)}


# The card file writes "&" in rules text as a quote mark with a space on each side (an OCTGN
# export artifact: "Partner with Bebop, Skull " Crossbones", "Partner—Father " son"); a
# real quotation never has a space on both sides of its mark, so between two words it is
# the ampersand. Left as it was, Rocksteady's "Partner with" named no card.
_GARBLED_AMPERSAND = re.compile(r'(?<=\w) " (?=\w)')


def mend_ampersands(text: str) -> str:
    return _GARBLED_AMPERSAND.sub(" & ", text) if ' " ' in text else text


def mtg_cards(data: Path) -> Iterator[Card]:
    aliases: dict[str, list[str]] = {}
    for row in read_csv("mtg_alternate_names.csv"):
        aliases.setdefault(row["card"], []).append(row["name"])
    seen: set[str] = set()
    with gzip.open(data / "mtg" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            raw = _split_faces(json.loads(line))
            printings = tuple(dict.fromkeys(Printing(p["set"], p["rarity"]) for p in raw.get("printings") or ()))
            names = aliases.get(raw["name"]) or aliases.get(raw["front_face_name"]) or ()
            seen.update(name for name in (raw["name"], raw["front_face_name"]) if name in aliases)
            yield Card(
                name=raw["name"], face_names=tuple(raw.get("face_names") or (raw["name"],)), layout=raw["layout"],
                mana_cost=raw.get("mana_cost", ""), mana_value=raw.get("mana_value"), type_line=raw.get("type_line", ""),
                supertypes=tuple(raw.get("supertypes") or ()), types=tuple(raw.get("types") or ()),
                subtypes=tuple(raw.get("subtypes") or ()), colors=tuple(raw.get("colors") or ()),
                color_identity=tuple(raw.get("color_identity") or ()), oracle_text=mend_ampersands(raw.get("oracle_text", "")),
                legalities=None, printings=printings, aliases=tuple(names),
                power=raw.get("power"), toughness=raw.get("toughness"),
            )
    missing = sorted(set(aliases) - seen)
    if missing:
        raise SystemExit(f"mtg_alternate_names.csv names cards the card data lacks: {missing}")


def build_magic(data: Path, target: Path) -> int:
    from deckcheck.games.mtg.db_writer import CardDbWriter

    with CardDbWriter(target) as writer:
        for info in mtg_sets(data).values():
            writer.add_set(info)
        for card in mtg_cards(data):
            writer.add(card)
        count = writer.card_count
        writer.commit({
            "source": "deckcheck built-in card data",
            "source_file": "mtg/cards.jsonl.gz (OCTGN brine/mtg-octgn f9b423f) + scripts/data",
            "source_date": MTG_SNAPSHOT,
            "imported_at": MTG_SNAPSHOT,
        })
    return count


def build_yugioh(data: Path, target: Path) -> int:
    from deckcheck.games.yugioh.importer import read_yaml_yugi
    from deckcheck.games.yugioh.japanese import rows_from_yaml_yugi
    from deckcheck.games.yugioh.japanese import write_table as write_japanese_names
    from deckcheck.games.yugioh.store import write

    with gzip.open(data / "ygo" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        cards = list(read_yaml_yugi(handle))
    count = write(target, cards, {
        "source": "deckcheck built-in card data (YAML Yugi)", "source_file": "ygo/cards.jsonl.gz (DawnbrandBots/yaml-yugi 3469970)",
        "source_date": YGO_SNAPSHOT, "imported_at": YGO_SNAPSHOT,
    })
    with gzip.open(data / "ygo" / "cards.jsonl.gz", "rt", encoding="utf-8") as handle:
        write_japanese_names(target, rows_from_yaml_yugi(handle))
    return count


def build_wow(data: Path, target: Path) -> int:
    from deckcheck.games.wow.importer import read_shared
    from deckcheck.games.wow.store import write

    with gzip.open(data / "wow" / "cards.json.gz", "rt", encoding="utf-8") as handle:
        document = json.load(handle)
    return write(target, list(read_shared(document)), {
        "source": "deckcheck built-in card data (WoW TCG)", "source_file": "wow/cards.json.gz (seriallos/wowtcg-decktools a61265e)",
        "source_date": WOW_SNAPSHOT, "imported_at": WOW_SNAPSHOT,
    })


def build(data: Path, out: Path) -> dict[str, int]:
    """Build the whole file at `out` (replaced atomically by each game's writer)."""
    out.unlink(missing_ok=True)
    counts = {"mtg": build_magic(data, out), "yugioh": build_yugioh(data, out), "wow": build_wow(data, out)}
    db = sqlite3.connect(out)
    try:
        db.execute("PRAGMA journal_mode = DELETE")
        db.execute("VACUUM")
    finally:
        db.close()
    return counts


def table_dump(path: Path) -> dict[str, list[tuple]]:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: sorted(db.execute(f"SELECT * FROM {table}").fetchall(), key=repr) for table in tables}
    finally:
        db.close()


def differences(built: Path, committed: Path) -> list[str]:
    """Names of the tables whose rows differ between two builds."""
    ours, theirs = table_dump(built), table_dump(committed)
    return sorted(table for table in set(ours) | set(theirs) if ours.get(table) != theirs.get(table))


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="compare a fresh build with the committed file")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.check:
        with tempfile.TemporaryDirectory() as folder:
            fresh = Path(folder) / "cards.sqlite"
            build(args.data, fresh)
            changed = differences(fresh, args.out)
        if changed:
            print(f"{args.out} is not what scripts/build_card_data.py builds; tables differing: {', '.join(changed)}")
            return 1
        print(f"{args.out} is up to date")
        return 0
    started = dt.datetime.now()
    counts = build(args.data, args.out)
    size = args.out.stat().st_size
    print(f"wrote {args.out} ({size / 1e6:.1f} MB) in {(dt.datetime.now() - started).total_seconds():.1f}s: "
          + ", ".join(f"{game} {count:,}" for game, count in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
