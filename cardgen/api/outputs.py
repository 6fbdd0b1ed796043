"""The API's outputs: card images, print-and-play PDFs, the Tabletop Simulator save, and a
whole build of every output of every game.

`out` is where a function writes (default: the game's folder under the project's
`output/`); it is held to the same rule as the commands' `--out`: never among the
project's sources.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from cardgen.api.projects import PathLike, ProjectLike, opened_for, project_of

if TYPE_CHECKING:
    from cardgen.printing.pnp import PnpResult
    from cardgen.project import Project
    from cardgen.render.game import RenderResult
    from cardgen.tts.export import TtsResult
    from cardgen.verdict import GameBuild

Progress = Callable[[str, int], Callable[[int], None]]
"""Makes a progress callback for a build step: (label, total) -> advance(n)."""


def _path(value: PathLike | None) -> Path | None:
    return Path(value) if value is not None else None


def render(
    project: ProjectLike,
    game: str,
    *,
    out: PathLike | None = None,
    only: str | None = None,
    jobs: int | None = None,
) -> RenderResult:
    """Draw every card face (or those `only` chooses: part of a name, or
    `field=value,...`) and every back they use as PNG files into `out` (default:
    `output/GAME`, where the cards drawn before are kept and only changed ones drawn)."""
    from cardgen.outputs import game_folder
    from cardgen.render.game import game_cache, render_game

    target = _path(out)
    opened = opened_for(project, target)
    folder = target or game_folder(opened.root, game)
    if folder.resolve() == game_folder(opened.root, game).resolve():
        with game_cache(opened, game) as cache:
            return render_game(opened, game, folder, only=only, jobs=jobs, cache=cache)
    return render_game(opened, game, folder, only=only, jobs=jobs)


@dataclass(frozen=True)
class Printed:
    """The PDFs (or a print shop's images) written by one call, and what is worth saying."""

    files: tuple[PnpResult, ...]
    notes: tuple[str, ...] | None = None
    """Said instead of a file when there was nothing to print (None: nothing to say)."""

    def as_json(self) -> dict[str, Any]:
        """`cardgen pnp --format json`."""
        pdfs = [result.as_json() for result in self.files]
        return {"pdfs": pdfs} if self.notes is None else {"pdfs": pdfs, "notes": list(self.notes)}

    def text(self) -> str:
        """Each file with its pages, cards and notes, as `cardgen pnp` prints it."""
        lines = list(self.notes or ())
        for result in self.files:
            lines.append(f"{result.path}: {result.pages} {result.unit}, {result.cards} cards")
            lines.extend(f"  {note}" for note in result.notes)
        return "\n".join(lines)


def pnp(
    project: ProjectLike,
    game: str,
    *,
    out: PathLike | None = None,
    deck: PathLike | None = None,
    paper: str = "a4",
    orientation: Literal["auto", "portrait", "landscape"] = "auto",
    duplex: Literal["long", "short", "none"] = "long",
    cut_lines: bool = False,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gap: float | None = None,
    marks: tuple[float, float] | None = (4.0, 1.0),
    backs_only: bool = False,
    ink_saver: bool = False,
    gutterfold: bool = False,
    printer: str = "home",
    only: str | None = None,
    changed_since: str | None = None,
    jobs: int | None = None,
) -> Printed:
    """A print-and-play PDF of the game's box, or of one `deck` list, as `cardgen pnp`
    writes it: on `paper` (a name, `WxH` with units, or one of the project's `papers/`),
    its `orientation`, printed `duplex` on the long or short edge (or fronts only), with
    `cut_lines`, backs shifted by `back_offset` mm, cards `gap` mm apart, crop `marks`
    (length, offset in mm; None: none), `backs_only`, the `ink_saver`, `gutterfold`
    pages; for a print shop (`printer`: `tgc`, `mpc`, `drivethru` or one of the project's
    `shops/`; `mpc` writes a folder of images). `only` chooses cards (part of a name, or
    `field=value,...`); `changed_since`, the cards added or changed since a git revision."""
    from cardgen.printing import pnp as printing
    from cardgen.printing.shops import makes_images

    target, opened = _path(out), project_of(project)
    opened_for(opened, target, file=not makes_images(printer, opened.root))  # images: a folder
    names = None
    if changed_since is not None:
        from cardgen.diff import diff_since

        names = diff_since(opened, game, changed_since).changed_names()
        if not names:
            note = f"no card of {game} changed since {changed_since}: nothing to print"
            return Printed((), (note,))
    made = printing.pnp(
        opened,
        game,
        target,
        names=names,
        deck=_path(deck),
        paper=paper,
        orientation=orientation,
        duplex=duplex,
        cut_lines=cut_lines,
        back_offset=back_offset,
        gap=gap,
        marks=marks,
        backs_only=backs_only,
        ink_saver=ink_saver,
        gutterfold=gutterfold,
        printer=printer,
        only=only,
        jobs=jobs,
    )
    return Printed((made,))


def pnp_boards(
    project: ProjectLike, game: str, *, out: PathLike | None = None, paper: str = "a4"
) -> Printed:
    """The game's boards as posters on sheets of `paper`, to cut and tape together."""
    from cardgen.printing import pnp as printing

    target = _path(out)
    opened = opened_for(project, target)
    return Printed(tuple(printing.pnp_boards(opened, game, target, paper=paper)))


def pnp_components(
    project: ProjectLike, game: str, *, out: PathLike | None = None, paper: str = "a4"
) -> Printed:
    """The game's tokens and dice stickers (duplex), its mats at their size (posters when
    larger than `paper`) and its tuck boxes as templates to fold, on sheets of `paper`."""
    from cardgen.printing import component_print

    target = _path(out)
    opened = opened_for(project, target)
    made = component_print.pnp_components(opened, game, target, paper=paper)
    return Printed(made.results)


def calibrate(
    project: ProjectLike = ".",
    *,
    out: PathLike | None = None,
    paper: str = "a4",
    duplex: Literal["long", "short", "none"] = "long",
) -> Printed:
    """The duplex calibration sheet: print it to measure a printer's front-to-back offset."""
    from cardgen.printing import pnp as printing

    target = _path(out)
    opened = opened_for(project, target, file=True)
    return Printed((printing.calibrate(opened, target, paper=paper, duplex=duplex),))


@dataclass(frozen=True)
class TtsExport:
    """The Tabletop Simulator save written, and the verdicts of the deck lists it holds."""

    result: TtsResult
    deck_lines: tuple[str, ...]
    """The illegal deck lists' verdicts, as `cardgen validate` prints them (warnings)."""

    def as_json(self) -> dict[str, Any]:
        """`cardgen tts --format json` (the decks' verdicts first among the warnings)."""
        return self.result.as_json([" ".join(line.split()) for line in self.deck_lines])

    def uploads_lines(self) -> list[str]:
        """The images a host must have, the new ones marked (`cardgen tts --uploads`)."""
        from cardgen.tts.uploads import uploads_lines

        return uploads_lines(self.result.uploads, self.result.uploads_file)


class IllegalDeck(Exception):
    """A deck list given to `tts(strict=True)` is illegal: nothing was written."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


def tts(
    project: ProjectLike,
    game: str,
    *,
    out: PathLike | None = None,
    decks: Sequence[PathLike] = (),
    strict: bool = False,
    table: bool = False,
    players: int | None = None,
    base_url: str | None = None,
    url_map: PathLike | None = None,
    install: bool = False,
    sheet_format: Literal["jpeg", "png"] = "jpeg",
    quality: int = 90,
    jobs: int | None = None,
) -> TtsExport:
    """A Tabletop Simulator saved object of the game's box, or of `decks[0]`, as `cardgen
    tts` writes it; with `table`, the full save (the mod) for `players` too (default: the
    game's fewest), its seats taking the `decks` in order. The sprite sheets' URLs are
    file:/// unless `base_url` (where they are hosted) or `url_map` (a JSON or CSV file of
    image name -> URL) says; `install` copies the save into TTS's Saved Objects folder;
    `sheet_format` and `quality` are the sheets'. An illegal deck is warned about, or with
    `strict` refused (`IllegalDeck`, before anything is written)."""
    from cardgen.rulebook.output import table_rules
    from cardgen.tts import export

    target = _path(out)
    opened = opened_for(project, target)
    # the Notebook's rules tab and the rulebook on the table
    rules = table_rules(opened, opened.game(game)) if table else None
    paths = tuple(Path(deck) for deck in decks)
    illegal = tuple(line for path in paths for line in _illegal_lines(opened, game, path))
    if illegal and strict:
        raise IllegalDeck(illegal)
    result = export.tts(
        opened,
        game,
        target,
        deck=paths[0] if paths else None,
        seat_decks=paths,
        table=table,
        players=players,
        base_url=base_url,
        url_map=_path(url_map),
        install=install,
        fmt=sheet_format,
        quality=quality,
        jobs=jobs,
        rules=rules,
    )
    return TtsExport(result, illegal)


def _illegal_lines(project: Project, game: str, deck: Path) -> list[str]:
    """A deck list's verdict as `cardgen validate` prints it, when the deck is illegal."""
    from cardgen.report import deck_reports_text
    from cardgen.validate import validate_decks

    (verdict,) = validate_decks(project, [deck], game=game)
    return [] if verdict.legal else deck_reports_text([verdict]).splitlines()[:-1]


@dataclass(frozen=True)
class BuildResult:
    """What a build of each game did: built, unchanged or stopped, and why."""

    games: tuple[GameBuild, ...]

    @property
    def exit_code(self) -> int:
        """`cardgen build`'s exit code: 0 all built, 1 a game failed, 2 bad input."""
        from cardgen.verdict import exit_code

        return exit_code(list(self.games))

    def as_json(self) -> dict[str, Any]:
        """`cardgen build --format json`."""
        return {"games": [game.as_json() for game in self.games]}

    def problem_lines(self) -> list[str]:
        """Each error, finding and warning, with its place (`cardgen build` on stderr)."""
        from cardgen.verdict import problem_lines

        return list(problem_lines(list(self.games)))

    def summary(self) -> str:
        """The table `cardgen build` ends with: a row a game, and each game's closing line."""
        from cardgen.verdict import summary_table

        return summary_table(list(self.games))


def build(
    project: ProjectLike = ".",
    games: Sequence[str] = (),
    *,
    keep_going: bool = False,
    strict: bool = False,
    use_cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> BuildResult:
    """Check, lint, render, print and export every game (or `games`), incrementally: what
    did not change is not made again. Problems in a game's data are recorded in its
    result, not raised."""
    from cardgen.build import build as build_games

    results = build_games(
        project_of(project),
        list(games) or None,
        keep_going=keep_going,
        strict=strict,
        use_cache=use_cache,
        jobs=jobs,
        progress=progress,
    )
    return BuildResult(tuple(results))


def paper_name(text: str, project: ProjectLike | None = None) -> str:
    """The canonical name of the paper `text` names (`A4` -> `a4`, `297 x 210 mm` ->
    `210x297mm`, or a paper of the project's `papers/` folder); a name that is none, or a
    size out of bounds, is a one-line error."""
    from cardgen.printing.paper import paper_name as canonical

    return canonical(text, project_of(project).root if project is not None else None)
