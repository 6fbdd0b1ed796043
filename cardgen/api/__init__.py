"""cardgen as a library: the supported way to call it from Python (docs/api.md).

    from cardgen import api

    project = api.open_project("examples")
    verdict = api.validate(project, ["decks/shards/decks/starter.txt"])
    print(verdict.legal, verdict.as_json())

Every command of the `cardgen` CLI is a function here with the same options as keywords,
returning a frozen result whose `as_json()` is exactly what the command's `--format json`
prints (the CLI is built on this module and reaches past it nowhere). Problems in what a
user gave raise `CardgenError` (with every problem found, `InputErrors`); a bug in cardgen
raises `InternalError`. Names not listed in `__all__` are not part of the API.

Importing this module is cheap: each function imports the stages it needs when called.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from cardgen.api.checks import (
    CheckResult,
    LintResult,
    Report,
    Validation,
    check,
    explain_rule,
    lint,
    report,
    validate,
)
from cardgen.api.outputs import (
    BuildResult,
    IllegalDeck,
    Printed,
    TtsExport,
    build,
    calibrate,
    paper_name,
    pnp,
    pnp_boards,
    pnp_components,
    render,
    tts,
)
from cardgen.api.projects import (
    Games,
    GameSummary,
    ProjectLike,
    games,
    load_game,
    open_project,
)
from cardgen.api.rulebooks import Rules, rules
from cardgen.api.tools import (
    Cards,
    SchemaKind,
    cards,
    clean,
    diff,
    icon_sheet,
    icons,
    is_loopback,
    new_game,
    next_steps,
    save_text,
    schema,
    serve,
    watch,
)
from cardgen.errors import CardgenError, InputErrors, InternalError

if TYPE_CHECKING:
    from cardgen.check.deck_report import DeckStats
    from cardgen.check.findings import DeckReport, Finding, Violation
    from cardgen.check.lint.finding import LintFinding
    from cardgen.diff import PoolDiff
    from cardgen.icon_catalog import IconCatalog
    from cardgen.load.game import GamePack
    from cardgen.new import NewGame
    from cardgen.printing.pnp import PnpResult
    from cardgen.project import Project
    from cardgen.render.game import RenderResult
    from cardgen.render.rendered import Geometry, RenderedBack, RenderedCard
    from cardgen.rulebook.record import Rulebook
    from cardgen.tts.export import TtsResult
    from cardgen.tts.mod import TableResult
    from cardgen.verdict import GameBuild

# The records the functions return or take, importable from here; each is imported (with
# its stage) only when first asked for.
_TYPES = {
    "DeckStats": "cardgen.check.deck_report",
    "DeckReport": "cardgen.check.findings",
    "Finding": "cardgen.check.findings",
    "Violation": "cardgen.check.findings",
    "LintFinding": "cardgen.check.lint.finding",
    "PoolDiff": "cardgen.diff",
    "IconCatalog": "cardgen.icon_catalog",
    "GamePack": "cardgen.load.game",
    "NewGame": "cardgen.new",
    "PnpResult": "cardgen.printing.pnp",
    "Project": "cardgen.project",
    "RenderResult": "cardgen.render.game",
    "Geometry": "cardgen.render.rendered",
    "RenderedBack": "cardgen.render.rendered",
    "RenderedCard": "cardgen.render.rendered",
    "Rulebook": "cardgen.rulebook.record",
    "TtsResult": "cardgen.tts.export",
    "TableResult": "cardgen.tts.mod",
    "GameBuild": "cardgen.verdict",
}


def __getattr__(name: str) -> Any:
    if name in _TYPES:
        return getattr(import_module(_TYPES[name]), name)
    raise AttributeError(f"module 'cardgen.api' has no attribute {name!r}")


# the functions, what they return and the error family: everything else is private
__all__ = [
    "BuildResult",
    "CardgenError",
    "Cards",
    "CheckResult",
    "DeckReport",
    "DeckStats",
    "Finding",
    "GameBuild",
    "GamePack",
    "GameSummary",
    "Games",
    "Geometry",
    "IconCatalog",
    "IllegalDeck",
    "InputErrors",
    "InternalError",
    "LintFinding",
    "LintResult",
    "NewGame",
    "PnpResult",
    "PoolDiff",
    "Printed",
    "Project",
    "ProjectLike",
    "RenderResult",
    "RenderedBack",
    "RenderedCard",
    "Report",
    "Rulebook",
    "Rules",
    "SchemaKind",
    "TableResult",
    "TtsExport",
    "TtsResult",
    "Validation",
    "Violation",
    "build",
    "calibrate",
    "cards",
    "check",
    "clean",
    "diff",
    "explain_rule",
    "games",
    "icon_sheet",
    "icons",
    "is_loopback",
    "lint",
    "load_game",
    "new_game",
    "next_steps",
    "open_project",
    "paper_name",
    "pnp",
    "pnp_boards",
    "pnp_components",
    "render",
    "report",
    "rules",
    "save_text",
    "schema",
    "serve",
    "tts",
    "validate",
    "watch",
]
