"""A resolved rulebook as one self-contained HTML page: its own styles inline, the page's
language set, headings, tables with header cells, card images (beside the page) with
their alt text."""

from __future__ import annotations

from html import escape

from markdown_it import MarkdownIt

from cardgen.rulebook.record import Rulebook

_STYLE = """
body { margin: 0; background: #f6f4ef; color: #1d1b22; font: 17px/1.55 Georgia, serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; background: #fff; }
h1, h2, h3, h4 { font-family: system-ui, sans-serif; line-height: 1.2; }
h1 { font-size: 2rem; margin-top: 0; }
h2 { border-bottom: 2px solid #d9d3c7; padding-bottom: .2rem; margin-top: 2.2rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #cfc8ba; padding: .3rem .6rem; text-align: left;
  vertical-align: top; }
th { background: #eee9df; }
img { max-width: 14rem; height: auto; display: block; margin: .8rem 0;
  border-radius: 6px; box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }
code { background: #f1eee8; padding: 0 .2rem; border-radius: 3px; }
pre { background: #f1eee8; padding: .6rem; overflow-x: auto; }
"""


def markdown_parser() -> MarkdownIt:
    """CommonMark with pipe tables: the rulebook's Markdown, as every output reads it."""
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def rulebook_html(book: Rulebook) -> str:
    """The page: the rulebook's Markdown as HTML in a `<main>`, titled and in its
    language."""
    body = markdown_parser().render(book.markdown)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(book.language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="cardgen">\n'
        f"<title>{escape(book.title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )
