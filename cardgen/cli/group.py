"""The `cardgen` group itself: `--version`, `--debug`, and the one-line answer to whatever
a command lets escape (`cardgen.failures.CardgenGroup`). Each verb's module adds its
command to `main`."""

from __future__ import annotations

import click

from cardgen import __version__
from cardgen.failures import DEBUG_ENV, CardgenGroup


@click.group(cls=CardgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
@click.option(
    "--debug",
    is_flag=True,
    envvar=DEBUG_ENV,
    help=f"Show the traceback of an internal error (or set {DEBUG_ENV}=1).",
)
def main(debug: bool) -> None:
    """Turn a tabletop game's card data into everything needed to play it."""
