"""Pieces of English the games' messages share."""
from __future__ import annotations


def article(word: str) -> str:
    """`a` or `an` before `word`, as it is said: an Effect Monster, a Legendary Creature,
    an Xyz Monster (Xyz is said "ex")."""
    return "an" if word[:1].lower() in "aeiou" or word.startswith("Xyz") else "a"
