"""The one error the engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; ``rule`` names the R- or Q- id that refuses it.

    >>> str(IllegalAction("R-7.4", "prerequisite C missing"))
    'R-7.4: prerequisite C missing'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
