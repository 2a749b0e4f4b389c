"""A keep policy: one rule per hand size, plus the user's tags and extra lands.

Rules come from `--keep` (the opening hand size), `--keep6`, `--keep5`, and/or a policy
file; options override the file size by size. A hand size without a rule of its own uses
the rule of the next larger size that has one. A policy file:

    keep:                     # rules by hand size
      7: 2 <= lands <= 5
      6: 2 <= lands <= 4 and count(burn) >= 1
      5: true                 # keep any five: mulligans stop here
    lands: [Arid Mesa, Sacred Foundry]   # cards that count as lands (besides basic lands)
    tags:
      burn: [Lightning Bolt, Lava Spike, Rift Bolt]
    cards: [Lightning Bolt]   # cards for the by-turn table
    bottom: karsten           # London bottoming: default, karsten, karsten-code or rules
    scry: default             # Vancouver scry: default, karsten or a rule
    costs: {Wrath of God: "{2}{W}{W}"}   # mana costs for --cast (the card database's otherwise)
    sources: {Arid Mesa: [W, R]}         # what lands produce (the card database's otherwise)

`keep.free` is the rule for the hand before a free first mulligan (Commander); without it
that hand is judged like any hand of its size. Without any rule the default is a common
baseline: keep 7 with 2-5 lands, 6 with 2-4, 5 with 1-4, any 4 (sizes relative to the
format's hand size); a deck with no lands at all (Yu-Gi-Oh!, or lands the basic-land list
cannot see) keeps every hand. `bottom: karsten` brings Frank Karsten's keep rules instead
(7: 2-5 lands, 6 and 5: 2-4, any 4; a free seven with 3-5 lands), for the sizes and the
free hand the policy leaves open (see bottoming.py and docs/engine.md).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DeckcheckError
from .bottoming import DEFAULT_BOTTOMING, DEFAULT_SCRY, Bottoming, Scry, parse_bottoming, parse_scry
from .expr import Node
from .mana import SOURCE_KINDS
from .policy import RESERVED, Rule, parse_rule

_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
DEFAULT_RULES = ("2 <= lands <= 5", "2 <= lands <= 4", "1 <= lands <= 4", "true")
# Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022
# Update": hand sizes H, H-1, H-2, H-3, and the free seven of a free mulligan.
KARSTEN_RULES = ("2 <= lands <= 5", "2 <= lands <= 4", "2 <= lands <= 4", "true")
KARSTEN_FREE_RULE = "3 <= lands <= 5"
FREE = "free"


class PolicyError(DeckcheckError):
    """An invalid policy file or option (exit 2)."""


@dataclass(frozen=True)
class KeepPolicy:
    rules: Mapping[int, Rule]
    tags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    lands: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    source: str | None = None
    default: bool = False
    free_rule: Rule | None = None     # the hand before a free mulligan (None: its size's rule)
    bottoming: Bottoming = DEFAULT_BOTTOMING
    scry: Scry = DEFAULT_SCRY
    costs: Mapping[str, str] = field(default_factory=dict)             # card name -> mana cost
    sources: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # land name -> kinds

    def rule_for(self, size: int) -> Rule | None:
        larger = [known for known in self.rules if known >= size]
        return self.rules[min(larger)] if larger else None

    @property
    def every_rule(self) -> list[Rule]:
        """Keep rules largest size first, the free-hand rule, then the bottoming rules:
        everything written in the policy language, for the names and tags it uses."""
        bottom = [Rule(text=text, node=node, origin="bottom") for text, node in self.bottoming.rules]
        return [*(self.rules[size] for size in sorted(self.rules, reverse=True)), *([self.free_rule] if self.free_rule else []), *bottom]

    @property
    def named_cards(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(name for rule in self.every_rule for name in rule.cards))

    @property
    def used_tags(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(tag for rule in self.every_rule for tag in rule.tags))

    def non_count(self) -> tuple[Rule, Node] | None:
        """The first rule (and construct) that is not count-based, if any."""
        for rule in self.every_rule:
            node = rule.first_non_count()
            if node is not None:
                return rule, node
        return None


def build_policy(
    *,
    hand_size: int,
    keep: str | None = None,
    by_size: Mapping[int, str] | None = None,
    policy_file: str | Path | None = None,
    deck_has_lands: bool = True,
    extra_cards: tuple[str, ...] = (),
) -> KeepPolicy:
    """Combine a policy file and `--keep`/`--keepN` options into one policy."""
    file_data = _read_file(Path(policy_file)) if policy_file else {}
    tags = file_data.get("tags", {})
    bottoming = DEFAULT_BOTTOMING
    if "bottom" in file_data:
        bottoming = parse_bottoming(file_data["bottom"], origin=f"{policy_file}: bottom", tags=tuple(tags))
    scry = parse_scry(file_data["scry"], origin=f"{policy_file}: scry") if "scry" in file_data else DEFAULT_SCRY
    karsten = bottoming.name.startswith("karsten")
    texts: dict[int, tuple[str, str]] = {}
    for size, text in file_data.get("keep", {}).items():
        texts[size] = (text, f"{policy_file}: keep.{size}")
    if keep is not None:
        texts[hand_size] = (keep, "--keep")
    for size, text in (by_size or {}).items():
        if text is not None:
            texts[size] = (text, f"--keep{size}")
    default = not texts and not karsten
    if default:
        rules_text = DEFAULT_RULES if deck_has_lands else ("true",)
        texts = {hand_size - index: (text, "default policy") for index, text in enumerate(rules_text) if hand_size - index >= 0}
    elif karsten:
        for index, text in enumerate(KARSTEN_RULES):
            if hand_size - index >= 0 and hand_size - index not in texts:
                texts[hand_size - index] = (text, f"{policy_file}: bottom: {bottoming.name} (his keep rules)")
    free_text = file_data.get("free")
    free_rule = None
    if free_text is not None:
        free_rule = parse_rule(free_text, origin=f"{policy_file}: keep.free", tags=tags)
    elif karsten:
        free_rule = parse_rule(KARSTEN_FREE_RULE, origin=f"{policy_file}: bottom: {bottoming.name} (his free seven)", tags=tags)
    rules = {size: parse_rule(text, origin=origin, tags=tags) for size, (text, origin) in sorted(texts.items(), reverse=True)}
    if not any(size >= hand_size for size in rules):
        given = ", ".join(rule.origin for rule in rules.values())
        raise PolicyError(f"{given} gives no rule for the opening hand of {hand_size} cards: add --keep (or keep.{hand_size} in a policy file)")
    return KeepPolicy(
        rules=rules,
        tags={name: tuple(cards) for name, cards in tags.items()},
        lands=tuple(file_data.get("lands", ())),
        cards=tuple(dict.fromkeys([*file_data.get("cards", ()), *extra_cards])),
        source=str(policy_file) if policy_file else None,
        default=default,
        free_rule=free_rule,
        bottoming=bottoming,
        scry=scry,
        costs=dict(file_data.get("costs", {})),
        sources=dict(file_data.get("sources", {})),
    )


# ---------------------------------------------------------------- policy files


def _read_file(path: Path) -> dict[str, Any]:
    import yaml  # deferred: only needed with --policy

    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read policy file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise PolicyError(f"{path}: policy file is not UTF-8 text") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise PolicyError(f"{path}: {where}invalid YAML ({getattr(exc, 'problem', None) or exc})") from None
    if not isinstance(data, Mapping):
        raise PolicyError(f"{path}: expected a mapping with keys keep, lands, tags, cards")
    return _validate(data, path)


def _fail(path: Path, key: str, message: str) -> PolicyError:
    return PolicyError(f"{path}: {key}: {message}")


def _names(value: Any, path: Path, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise _fail(path, key, "expected a list of card names")
    return [item.strip() for item in value]


def _text_map(value: Any, path: Path, key: str, what: str) -> dict[str, str]:
    value = value or {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise _fail(path, key, f"expected a mapping of card name to {what}")
    return {k.strip(): v for k, v in value.items()}


def _validate(data: Mapping[str, Any], path: Path) -> dict[str, Any]:
    known = ("keep", "lands", "tags", "cards", "description", "bottom", "scry", "costs", "sources")
    out: dict[str, Any] = {}
    for key in data:
        if key not in known:
            raise _fail(path, str(key), f"unknown key; known keys: {', '.join(known)}")
    keep = data.get("keep") or {}
    if not isinstance(keep, Mapping):
        raise _fail(path, "keep", "expected a mapping of hand size to rule, like `7: 2 <= lands <= 5`")
    out["keep"] = {}
    for raw_size, rule in keep.items():
        if raw_size == FREE:
            if not isinstance(rule, (str, bool)):
                raise _fail(path, "keep.free", "expected a keep rule as text (like `3 <= lands <= 5`)")
            out["free"] = rule if isinstance(rule, str) else ("true" if rule else "false")
            continue
        size = raw_size
        if isinstance(raw_size, str) and re.fullmatch(r"(keep)?\d+", raw_size.strip()):
            size = int(raw_size.strip().removeprefix("keep"))
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise _fail(path, f"keep.{raw_size}", "expected a hand size (a whole number) as the key")
        if isinstance(rule, bool):
            rule = "true" if rule else "false"
        if not isinstance(rule, str):
            raise _fail(path, f"keep.{size}", "expected a keep rule as text (like `2 <= lands <= 5`) or true")
        out["keep"][size] = rule
    if "lands" in data:
        out["lands"] = _names(data["lands"], path, "lands")
    if "cards" in data:
        out["cards"] = _names(data["cards"], path, "cards")
    for key in ("bottom", "scry"):
        if key in data:
            out[key] = data[key]
    out["costs"] = _text_map(data.get("costs"), path, "costs", "a mana cost like \"{2}{W}{W}\"")
    sources = data.get("sources") or {}
    if not isinstance(sources, Mapping):
        raise _fail(path, "sources", "expected a mapping of land name to the mana it makes, like `Arid Mesa: [W, R]`")
    out["sources"] = {}
    for name, kinds in sources.items():
        if isinstance(kinds, str):
            kinds = [kinds]
        if not isinstance(name, str) or not isinstance(kinds, list) or not all(isinstance(k, str) and k.upper() in SOURCE_KINDS for k in kinds):
            raise _fail(path, f"sources.{name}", f"expected a list of {', '.join(SOURCE_KINDS)}")
        out["sources"][name.strip()] = tuple(k.upper() for k in kinds)
    tags = data.get("tags") or {}
    if not isinstance(tags, Mapping):
        raise _fail(path, "tags", "expected a mapping of tag name to a list of card names")
    out["tags"] = {}
    for name, cards in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise _fail(path, f"tags.{name}", "a tag name is letters, digits and _ (like `removal`)")
        if name in RESERVED:
            hint = " (put extra lands under the top-level `lands:` key)" if name == "lands" else ""
            raise _fail(path, f"tags.{name}", f"{name!r} is a built-in name{hint}")
        out["tags"][name] = _names(cards, path, f"tags.{name}")
    return out
