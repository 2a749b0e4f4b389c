"""London bottoming and Vancouver scry as data: named strategies or rules in the policy language.

A policy file chooses them (docs/engine.md, "Bottoming and scry"):

    bottom: default | karsten | karsten-code | [rule, rule, ...]
    scry: default | karsten | rule

Bottoming. A hand of size k is kept when some choice of cards to bottom leaves k cards
that satisfy the keep rule; among those choices the strategy picks one, comparing
candidates key by key (the first difference decides):

    default       the land count nearest k x (lands in deck / deck size); on a tie more lands
    karsten       Frank Karsten's 2022 strategy in the words of his article: with one card to
                  bottom, a spell when the seven hold three or more spells, else a land; with
                  more, as close to three lands as possible (5 cards: 3 lands 2 spells,
                  4 cards: 3 lands 1 spell)
    karsten-code  the same as his published script computes it: one card to bottom is a
                  spell only when the seven hold four or more spells (closest to 3 lands)
    [rules]       numbers or conditions in the keep-rule language, evaluated on each
                  candidate kept hand; larger wins (a condition counts 1 when it holds)

then, whatever the strategy: when a --cast question is being answered, the lands that can
pay more of the spell's colored symbols, then more lands of its colors (off-color lands go
first), then more lands that make mana (one that makes none goes before them; for a spell
without colored symbols this key alone); more copies of the cards the policy names or tags;
last a fixed order of the categories (cards of one category are equally likely to be bottomed).

Scry 1 (Vancouver) decides whether the top card stays on top:

    default   it stays when it moves the hand toward the land ratio: a land when the hand
              holds fewer lands than (k + 1) x land ratio, any other card otherwise
    karsten   a land stays, a spell goes to the bottom (his land-count article, 2017)
    rule      a condition on the kept hand (`lands`, `spells`, `cards`) and the top card
              (`top_land`, 1 for a land, 0 otherwise): the top card stays when it holds
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .expr import Call, Node, Vocabulary, parse, walk
from .policy import HandView, evaluate

BOTTOM_NAMES = ("default", "karsten", "karsten-code")
SCRY_NAMES = ("default", "karsten")

# Karsten's targets: as near three lands as possible; with one card to bottom his article
# bottoms a spell from three spells up, which is "nearest 3.5 lands, ties to more lands".
_KARSTEN_TARGET = 3


@dataclass(frozen=True)
class Bottoming:
    """A bottoming strategy: a name, or rules (parsed nodes with their texts)."""

    name: str = "default"
    rules: tuple[tuple[str, Node], ...] = ()

    @property
    def label(self) -> str:
        return self.name if not self.rules else "rules: " + "; ".join(text for text, _ in self.rules)

    @property
    def count_based(self) -> bool:
        """False when a rule uses distinct(), which needs the cards, not their counts."""
        return not any(isinstance(node, Call) and node.name == "distinct" for _, rule in self.rules for node in walk(rule))

    def keys(self, view: HandView, lands: Any, size: int, bottom: int, deck_size: int, deck_lands: int) -> list[Any]:
        """Sort keys of candidate kept hands for this strategy alone (smaller preferred);
        `lands` is an array over the candidates, or a number for one (exact_plain.py)."""
        if self.rules:
            import numpy as np

            return [-np.asarray(evaluate(node, view), dtype=float) for _, node in self.rules]
        if self.name == "default":
            return [abs(lands * deck_size - size * deck_lands), -lands]
        twice_target = 2 * _KARSTEN_TARGET + (1 if self.name == "karsten" and bottom == 1 else 0)
        return [abs(2 * lands - twice_target), -lands]


@dataclass(frozen=True)
class Scry:
    """A scry-1 strategy: a name or a rule."""

    name: str = "default"
    rule: Node | None = None
    text: str = ""

    @property
    def label(self) -> str:
        return self.name if self.rule is None else f"rule: {self.text}"

    def stays(self, top_is_land: Any, hand_lands: Any, hand_size: int, deck_size: int, deck_lands: int) -> Any:
        """Does the top card stay on top? (numpy-friendly over hands)"""
        import numpy as np

        if self.rule is not None:
            view = _ScryView(hand_lands, hand_size, top_is_land)
            return np.asarray(evaluate(self.rule, view), dtype=bool)
        if self.name == "karsten":
            return np.asarray(top_is_land, dtype=bool) | np.zeros(np.shape(hand_lands), dtype=bool)
        wants_land = hand_lands * deck_size < (hand_size + 1) * deck_lands
        return top_is_land == wants_land


class _ScryView(HandView):
    def __init__(self, hand_lands: Any, size: int, top_is_land: Any):
        import numpy as np

        self.hand_lands = np.asarray(hand_lands)
        self.size = size
        self.top = np.broadcast_to(np.asarray(top_is_land, dtype=np.int64), self.hand_lands.shape)
        self.shape = self.hand_lands.shape

    def category(self, name: str) -> Any:
        if name == "lands":
            return self.hand_lands
        if name == "spells":
            return self.size - self.hand_lands
        if name == "cards":
            return self.hand_lands * 0 + self.size
        return self.top  # top_land


_SCRY_VOCABULARY = Vocabulary(
    what="scry rule",
    variables=frozenset({"lands", "spells", "cards", "top_land"}),
    functions={},
    extra={"top": "; use top_land (1 when the top card is a land)"},
)
_DEFAULT = Bottoming()


def parse_bottoming(value: Any, *, origin: str, tags: Sequence[str], setting: str) -> Bottoming:
    """The `bottom:` strategy or rules `value`; an error of a rule carries `setting` (the
    keyword that gave it: the policy file, the only place bottom rules are written)."""
    from .keep import PolicyError
    from .policy import parse_rule

    if isinstance(value, str) and value.strip() in BOTTOM_NAMES:
        return Bottoming(name=value.strip())
    if isinstance(value, str):
        _strategy_typo(value, BOTTOM_NAMES, origin)
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(item, (str, int)) and not isinstance(item, bool) for item in value):
        raise PolicyError(f"{origin}: expected {', '.join(BOTTOM_NAMES)} or a list of rules (like `0 - (lands - 3) * (lands - 3)`)")
    rules = []
    for index, item in enumerate(value):
        text = str(item)
        node = parse_rule(text, origin=f"{origin}[{index}]", tags=tags, kinds=("number", "condition"), setting=setting).node
        rules.append((text, node))
    return Bottoming(name="rules", rules=tuple(rules))


def parse_scry(value: Any, *, origin: str) -> Scry:
    from .keep import PolicyError

    if not isinstance(value, str) or not value.strip():
        raise PolicyError(f"{origin}: expected {', '.join(SCRY_NAMES)} or a rule (like `top_land == 1 and lands <= 3`)")
    text = value.strip()
    if text in SCRY_NAMES:
        return Scry(name=text)
    _strategy_typo(text, SCRY_NAMES, origin)
    node = parse(text, _SCRY_VOCABULARY, origin=origin)
    return Scry(name="rule", rule=node, text=text)


def _strategy_typo(text: str, names: Sequence[str], origin: str) -> None:
    """A PolicyError naming the strategies when `text` is one misspelt (`karsten2`, `defualt`):
    read as a rule it would only be an unknown name."""
    from difflib import get_close_matches

    from .keep import PolicyError

    close = get_close_matches(text.strip(), names, n=1, cutoff=0.75)
    if close and text.strip() not in close:
        raise PolicyError(f"{origin}: {text.strip()!r} is not a strategy; did you mean {close[0]!r}? (strategies: {', '.join(names)})")


DEFAULT_BOTTOMING = _DEFAULT
DEFAULT_SCRY = Scry()
