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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import DeckcheckError, of_setting
from ..games.yugioh import MAX_PASSCODE
from ..limits import MAX_HAND_SIZE, MAX_POLICY_NAMES, one_line
from ..wording import listed
from ..schema import AnyOf, Bool, Checked, Described, Int, ListOf, MapOf, Null, SchemaError, Str, Struct, Unchecked, validate
from ..yamlload import YamlDocument, YamlError, read_yaml_file
from .bottoming import DEFAULT_BOTTOMING, DEFAULT_SCRY, Bottoming, Scry, parse_bottoming, parse_scry
from .mana import SOURCE_KINDS, ManaError, parse_cost
from .nodes import with_strings
from .policy import RESERVED, Rule, parse_rule, rule_text
from ..lazy_pattern import lazy

_TAG_NAME = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
DEFAULT_RULES = ("2 <= lands <= 5", "2 <= lands <= 4", "1 <= lands <= 4", "true")
# Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022
# Update": hand sizes H, H-1, H-2, H-3, and the free seven of a free mulligan.
KARSTEN_RULES = ("2 <= lands <= 5", "2 <= lands <= 4", "2 <= lands <= 4", "true")
KARSTEN_FREE_RULE = "3 <= lands <= 5"
FREE = "free"
# simulate's keyword of a policy file: the setting of an error about one (errors.of_setting).
POLICY_FILE = "policy_file"


def unnamed_setting(policy_file: str | Path | None) -> str:
    """The keyword a rule or error that no one setting gave (the default rules, a missing
    rule, a bottom rule) carries: the policy file when there is one, else `keep`."""
    return POLICY_FILE if policy_file else "keep"


class PolicyError(DeckcheckError):
    """An invalid policy file or option (exit 2). `path` and `line`: the policy file and the
    line at fault, when known (deckcheck.yaml's check places its error there)."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None, hand_size: int | None = None):
        super().__init__(message)
        self.path, self.line = path, line
        # The opening hand the policy has no rule for: a fault of the policy with the
        # format of one deck (`check` names that deck), not of the policy alone.
        self.hand_size = hand_size


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
        # Named as parse_bottoming names them (`p.yaml: bottom[1]`), so a rule's error or note
        # says which file and rule, as a keep rule's says `p.yaml: keep.7`.
        where = f"{self.source}: " if self.source else ""
        bottom = [Rule(text=text, node=node, origin=f"{where}bottom[{index}]", setting=unnamed_setting(self.source))
                  for index, (text, node) in enumerate(self.bottoming.rules)]
        return [*(self.rules[size] for size in sorted(self.rules, reverse=True)), *([self.free_rule] if self.free_rule else []), *bottom]

    @property
    def named_cards(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(name for rule in self.every_rule for name in rule.cards))

    @property
    def used_tags(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(tag for rule in self.every_rule for tag in rule.tags))

    def named_by(self, namer: Callable[[str], str]) -> KeepPolicy:
        """The policy with every card name it holds (its rules' `count("...")`, its tags,
        lands, cards and sources) as `namer` says (categories.card_namer: `Maxx C` is Maxx
        "C" as in a deck's lines); texts and origins as the user wrote them. `costs:` stays
        as written: it is matched to the spell a castability question names, a face of a card
        by its own name (`Ice` of Fire // Ice, cast.cast_question)."""
        def names(values: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(dict.fromkeys(map(namer, values)))

        bottom = tuple((text, with_strings(node, namer)) for text, node in self.bottoming.rules)
        return replace(
            self,
            rules={size: rule.named_by(namer) for size, rule in self.rules.items()},
            free_rule=None if self.free_rule is None else self.free_rule.named_by(namer),
            bottoming=replace(self.bottoming, rules=bottom) if bottom else self.bottoming,
            tags={tag: names(cards) for tag, cards in self.tags.items()},
            lands=names(self.lands), cards=names(self.cards),
            sources={namer(name): kinds for name, kinds in self.sources.items()},
        )


def build_policy(
    *,
    hand_size: int,
    keep: str | None = None,
    by_size: Mapping[int, str] | None = None,
    policy_file: str | Path | None = None,
    deck_has_lands: bool = True,
    extra_cards: tuple[str, ...] = (),
    names: Mapping[str, str] | None = None,
) -> KeepPolicy:
    """Combine a policy file and the `keep` / `by_size` rules into one policy. A rule's
    origin (in its errors and notes) is the setting that gave it, named as `names` says
    (the front end's word: `--keep`; the keyword by default), or the policy file's key."""

    def named(setting: str) -> str:
        return (names or {}).get(setting, setting)

    otherwise = unnamed_setting(policy_file)
    try:
        file_data, document = _read_document(Path(policy_file)) if policy_file else ({}, None)
    except DeckcheckError as error:
        raise of_setting(error, POLICY_FILE) from None
    tags = file_data.get("tags", {})
    try:
        bottoming, scry, rules, free_rule = _file_rules(file_data, policy_file)
    except DeckcheckError as exc:
        if document is None:
            raise
        # On the file's line, as deckcheck.yaml's check places it (check_policy_file): the
        # message says the line and `simulate -o github` annotates it.
        raise of_setting(_placed(exc, policy_file, document), POLICY_FILE) from None  # type: ignore[arg-type]
    for size, (text, origin, setting) in _option_rules(hand_size, keep, by_size, named).items():
        rules[size] = parse_rule(text, origin=origin, tags=tags, setting=setting)
    karsten = bottoming.name.startswith("karsten")
    default = not rules and not karsten
    if default:
        rules_text = DEFAULT_RULES if deck_has_lands else ("true",)
        for index, text in enumerate(rules_text):
            if hand_size - index >= 0:
                rules[hand_size - index] = parse_rule(text, origin="default policy", tags=tags, setting=otherwise)
    elif karsten:
        for index, text in enumerate(KARSTEN_RULES):
            if hand_size - index >= 0 and hand_size - index not in rules:
                rules[hand_size - index] = parse_rule(
                    text, origin=f"{policy_file}: bottom: {bottoming.name} (his keep rules)", tags=tags, setting=POLICY_FILE)
        if free_rule is None:
            free_rule = parse_rule(KARSTEN_FREE_RULE, origin=f"{policy_file}: bottom: {bottoming.name} (his free seven)",
                                   tags=tags, setting=POLICY_FILE)
    rules = dict(sorted(rules.items(), reverse=True))
    if not any(size >= hand_size for size in rules):
        raise of_setting(PolicyError(
            f"{_origins(rules.values(), policy_file)} no rule for the opening hand of {hand_size} cards: add {named('keep')} "
            f"(or keep.{hand_size} in a policy file)", hand_size=hand_size,
        ), otherwise)
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


class Policies:
    """The keep policies of one run, each built once: `deckcheck check` simulates every deck
    an entry of deckcheck.yaml matches with the same rules and policy file, and reading the
    file and parsing its rules again for each deck was a third of a run of 1,013 decks at
    `hands: 200` (project/check.py). A policy is keyed by everything `build_policy` reads,
    the hand size (the format's) among them; a file is read when first asked for, so a run
    sees each as it was then. Keep one for a run, not longer: a file may change between runs."""

    def __init__(self) -> None:
        self._built: dict[tuple[Any, ...], KeepPolicy] = {}
        # (policy, card data) by their ids -> the two and the policy as the data names it:
        # every deck of a run reads the policy's names through the same card data.
        self._named: dict[tuple[int, int], tuple[KeepPolicy, object, KeepPolicy]] = {}

    def build(
        self, *, hand_size: int, keep: str | None = None, by_size: Mapping[int, str] | None = None,
        policy_file: str | Path | None = None, deck_has_lands: bool = True, extra_cards: tuple[str, ...] = (),
        names: Mapping[str, str] | None = None,
    ) -> KeepPolicy:
        """`build_policy(...)`, built the first time these settings are asked for."""
        key = (hand_size, keep, tuple((by_size or {}).items()), None if policy_file is None else str(policy_file),
               deck_has_lands, extra_cards, tuple((names or {}).items()))
        policy = self._built.get(key)
        if policy is None:
            policy = self._built[key] = build_policy(
                hand_size=hand_size, keep=keep, by_size=by_size, policy_file=policy_file,
                deck_has_lands=deck_has_lands, extra_cards=extra_cards, names=names,
            )
        return policy

    def named(self, policy: KeepPolicy, card_data: object, namer: Callable[[str], str]) -> KeepPolicy:
        """`policy.named_by(namer)`, worked out once for each policy and card data
        (`namer` is categories.card_namer(card_data)): a policy file of 10,000 names was
        read through the card data again for every deck (0.05 s a deck of Yu-Gi-Oh!)."""
        key = (id(policy), id(card_data))
        found = self._named.get(key)
        # The objects are kept with the answer, so their ids stay theirs for the run.
        if found is None or found[0] is not policy or found[1] is not card_data:
            found = self._named[key] = (policy, card_data, policy.named_by(namer))
        return found[2]


def check_policy_file(path: str | Path) -> tuple[tuple[str, ...], dict[int, Rule]]:
    """Check the policy file at `path` as far as that needs no deck and no format (its
    keys and types, its tag names, every rule it holds and its strategies) and return its
    tag names and its keep rules by hand size. Raises PolicyError or ExpressionError when
    it is broken: deckcheck.yaml checks its policy files this way before any deck is read
    (project/config.py)."""
    file_data, document = _read_document(Path(path))
    try:
        _, _, rules, _ = _file_rules(file_data, path)
    except DeckcheckError as exc:
        raise _placed(exc, path, document) from None
    return tuple(file_data["tags"]), rules


def _placed(exc: DeckcheckError, path: str | Path, document: YamlDocument) -> DeckcheckError:
    """A rule or strategy of the policy file at `path` that does not parse, as a
    PolicyError on the line that gives it: deckcheck.yaml places a policy file's fault on
    that file and line (project/config.py), and without one it put this fault on its own
    `policy:` line, whose number then ended a message about the policy file. The key is
    told by the origin `_file_rules` gave the rule (`keep.6`, `bottom`, ...), the only
    record of which one failed; an error that knows its line already is left as it is."""
    if getattr(exc, "line", None) is not None:
        return exc
    origin = getattr(exc, "origin", None) or str(exc)
    shown = one_line(str(path))
    keys: tuple[str, ...] | None = None
    for key in ("bottom", "scry"):
        if origin.startswith(f"{shown}: {key}"):
            keys = (key,)
    written = (document.data.get("keep") or {}) if isinstance(document.data, Mapping) else {}
    for key in written:
        size = key if key == FREE else _hand_size(key)
        if origin.startswith(f"{shown}: keep.{size}:") or origin == f"{shown}: keep.{size}":
            keys = ("keep", str(key))
    line = None if keys is None else document.line_of(keys)
    if line is None:
        return exc
    return PolicyError(f"{exc} (line {line})", path=str(path), line=line)


def _origins(rules: Iterable[Rule], policy_file: str | Path | None) -> str:
    """Where `rules` came from, with the verb they take: `--keep6 gives`, `--keep6 and
    policy.yaml: keep.7 and keep.5 give` (the file named once, not before each of its keys)."""
    origins = [rule.origin for rule in rules]
    lead = f"{one_line(str(policy_file))}: " if policy_file else None
    keys = [origin.removeprefix(lead) for origin in origins if lead and origin.startswith(lead)]
    given = [origin for origin in origins if not (lead and origin.startswith(lead))]
    if keys:
        given.append(f"{lead}{listed(keys, 'and')}")
    return f"{listed(given, 'and')} {'gives' if len(origins) == 1 else 'give'}"


def _option_rules(
    hand_size: int, keep: str | None, by_size: Mapping[int, str] | None, named: Callable[[str], str],
) -> dict[int, tuple[str, str, str]]:
    """(rule text, origin, keyword) by hand size of `keep` (the opening hand) and `by_size`,
    each origin the setting as the front end names it (`named`: `--keep`, `keep6`, ...)."""
    texts = {} if keep is None else {hand_size: (keep, named("keep"), "keep")}
    texts.update({size: (text, named(f"keep_by_size[{size}]"), "keep_by_size")
                  for size, text in (by_size or {}).items() if text is not None})
    return texts


def _file_rules(
    file_data: Mapping[str, Any], path: str | Path | None,
) -> tuple[Bottoming, Scry, dict[int, Rule], Rule | None]:
    """What a policy file (as `_read_document` gives it) says that is written in the policy
    language, parsed: its bottoming and scry strategies (the defaults when it names none),
    its keep rules by hand size and its free-hand rule. Raises PolicyError or
    ExpressionError for the first that is broken. No deck or format is needed for this,
    so deckcheck.yaml checks its policy files with it before reading any deck."""
    tags = tuple(file_data.get("tags", {}))
    path = path if path is None else one_line(str(path))  # the rules' origins, in their messages
    bottoming = parse_bottoming(file_data["bottom"], origin=f"{path}: bottom", tags=tags, setting=POLICY_FILE) if "bottom" in file_data else DEFAULT_BOTTOMING
    scry = parse_scry(file_data["scry"], origin=f"{path}: scry") if "scry" in file_data else DEFAULT_SCRY
    rules = {size: parse_rule(text, origin=f"{path}: keep.{size}", tags=tags, setting=POLICY_FILE)
             for size, text in file_data.get("keep", {}).items()}
    free = file_data.get("free")
    free_rule = None if free is None else parse_rule(free, origin=f"{path}: keep.{FREE}", tags=tags, setting=POLICY_FILE)
    return bottoming, scry, rules, free_rule


# ---------------------------------------------------------------- policy files


def _hand_size(key: Any) -> int:
    """A `keep:` key as a hand size: `7`, or the text `7` / `keep7`."""
    return key if isinstance(key, int) else int(key.strip().removeprefix("keep"))


def _tag_name(name: str) -> str | None:
    if not _TAG_NAME.fullmatch(name):
        return "a tag name is letters, digits and _ (like `removal`)"
    if name in RESERVED:
        hint = " (put extra lands under the top-level `lands:` key)" if name == "lands" else ""
        return f"{name!r} is a built-in name{hint}"
    return None


def _mana_cost(text: str) -> str | None:
    """What is wrong with a `costs:` value (None: it reads as a mana cost). Said at the
    file's key and line: it was read only when a --cast question asked for that spell, and
    then the question took the blame (`--cast 'Lightning Bolt': unknown mana symbol {Q}`)."""
    try:
        parse_cost(text)
    except ManaError as exc:
        return exc.reason or str(exc)
    return None


# A Yu-Gi-Oh! card may be named by its passcode, which YAML reads as a number when it is
# written unquoted, as a .ydk writes it (`handtraps: [14558127, ...]`): the text of its digits.
_CARD_NAMES = Described(
    ListOf(Described(AnyOf((Str(non_empty=True), Int(1, MAX_PASSCODE))),
                     f"a card name or a Yu-Gi-Oh! passcode (1 to {MAX_PASSCODE})")),
    "a list of card names",
)


def _card_name(written: str | int) -> str:
    """A name of a policy's card list as the deck's names are read: a passcode as its digits."""
    return str(written) if isinstance(written, int) else written.strip()
_SOURCE_KIND = Described(Str(pattern="(?i)" + "|".join(SOURCE_KINDS)), f"one of {', '.join(SOURCE_KINDS)}")
# `null` for keep, tags, costs or sources is nothing given.
POLICY_SCHEMA = Struct({
    "keep": Described(
        AnyOf((Null(), MapOf(
            Described(AnyOf((Str(), Bool())), "a keep rule as text (like `2 <= lands <= 5`) or true"),
            key=Described(
                AnyOf((Int(0, maximum=MAX_HAND_SIZE), Str(pattern=rf"\s*(keep)?\d{{1,{len(str(MAX_HAND_SIZE))}}}\s*|{FREE}"))),
                f"a hand size (a whole number up to {MAX_HAND_SIZE}) as the key",
            ),
        ))),
        "a mapping of hand size to rule, like `7: 2 <= lands <= 5`",
    ),
    "lands": _CARD_NAMES,
    "cards": _CARD_NAMES,
    "tags": Described(
        AnyOf((Null(), MapOf(_CARD_NAMES, key=Checked(Str(), _tag_name)))),
        "a mapping of tag name to a list of card names",
    ),
    "description": Str(),
    # Checked when the policy is built, with messages that list the choices (bottoming.py).
    "bottom": Unchecked(),
    "scry": Unchecked(),
    "costs": Described(
        AnyOf((Null(), MapOf(Described(Checked(Str(), _mana_cost), 'a mana cost like "{2}{W}{W}"')))),
        "a mapping of card name to a mana cost",
    ),
    "sources": Described(
        AnyOf((Null(), MapOf(AnyOf((_SOURCE_KIND, ListOf(_SOURCE_KIND)))))),
        "a mapping of land name to the mana it makes, like `Arid Mesa: [W, R]`",
    ),
})


def _read_document(path: Path) -> tuple[dict[str, Any], YamlDocument]:
    """A policy file, read and checked like every deckcheck YAML file (yamlload.py,
    schema.py), with hand sizes as ints and rules as text; and the document it read, which
    knows each key's line."""
    try:
        # No aliases: a pull request's policy file named one list of 20,000 names under
        # 3,000 tags, 300 KB that stood for 60 million (docs/security.md).
        document = read_yaml_file(path, what="policy file", aliases=False)
    except YamlError as exc:
        raise PolicyError(str(exc), path=str(path), line=exc.line) from None
    data = document.data
    if not isinstance(data, Mapping):
        # The same key list as the unknown-key error's (an empty file is not a policy).
        raise PolicyError(f"{one_line(str(path))}: expected a mapping with keys {', '.join(sorted(POLICY_SCHEMA.fields))}")
    try:
        validate(data, POLICY_SCHEMA, line_of=document.line_of)
    except SchemaError as exc:
        line = f" (line {exc.line})" if exc.line is not None else ""
        raise PolicyError(f"{one_line(str(path))}: {exc.path}: {exc}{line}", path=str(path), line=exc.line) from None
    out: dict[str, Any] = {"keep": {}, "tags": {}, "costs": {}, "sources": {}}
    for size, rule in (data.get("keep") or {}).items():
        rule = rule_text(rule)
        if size == FREE:
            out["free"] = rule
        else:
            out["keep"][_hand_size(size)] = rule
    for key in ("lands", "cards"):
        if key in data:
            out[key] = [_card_name(name) for name in data[key]]
    for key in ("bottom", "scry"):
        if key in data:
            out[key] = data[key]
    out["costs"] = {name.strip(): cost for name, cost in (data.get("costs") or {}).items()}
    for name, kinds in (data.get("sources") or {}).items():
        out["sources"][name.strip()] = tuple(kind.upper() for kind in ([kinds] if isinstance(kinds, str) else kinds))
    for name, cards in (data.get("tags") or {}).items():
        out["tags"][name] = [_card_name(card) for card in cards]
    written = sum(map(len, out["tags"].values())) + len(out.get("lands", ())) + len(out.get("cards", ())) \
        + len(out["costs"]) + len(out["sources"])
    if written > MAX_POLICY_NAMES:
        raise PolicyError(
            f"{one_line(str(path))}: names {written:,} cards (under tags, lands, cards, costs and sources together): "
            f"a policy file names at most {MAX_POLICY_NAMES:,} (docs/security.md, limits)", path=str(path))
    return out, document
