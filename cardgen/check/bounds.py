"""Comparing a number with a min / max / exact bound and saying how far off it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Gap:
    """How an observed number misses its bound."""

    limit: int
    delta: int
    """Positive: over the limit by that much; negative: short by that much."""
    bound: str
    """`at most 52`, `at least 40`, `exactly 1`."""

    @property
    def phrase(self) -> str:
        """`N over` or `N short`, for a message."""
        return f"{self.delta} over" if self.delta > 0 else f"{-self.delta} short"

    @property
    def is_shortfall(self) -> bool:
        """Whether the count is under its bound (rather than over it)."""
        return self.delta < 0


def gap(
    actual: int, *, min: int | None = None, max: int | None = None, exact: int | None = None
) -> Gap | None:
    """The gap between `actual` and the bound, or None when it is within it."""
    if exact is not None and actual != exact:
        return Gap(exact, actual - exact, f"exactly {exact}")
    if min is not None and actual < min:
        return Gap(min, actual - min, f"at least {min}")
    if max is not None and actual > max:
        return Gap(max, actual - max, f"at most {max}")
    return None
