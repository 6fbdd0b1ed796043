"""The served page: the gallery a build wrote, as `cardgen serve` sends it.

The file on disk stays exactly as the build wrote it (it works from file://). The served
copy differs in five ways: its own Content-Security-Policy meta tag is left out (the
server sends a stricter header instead, `csp`, that allows the page's inline script by its
hash and requests back to the server only); each card image's link carries its version
(`cards/aria.png?v=HASH`), so a changed image is a new address the browser fetches while
the others stay; a `<meta name="cardgen-generation">` names the build it shows; and the live
script and stylesheet (`web/assets/live.js`, `live.css`) and the close-up's
(`closeup.js`, `closeup.css`) are linked in; and its header links the deck builder
(`/decks`). Before the first good build there is no gallery: `placeholder` is a page with
the same live script.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping
from html import escape

ASSETS = "/_live/"
"""Where the live page's own assets are served from."""
LIVE_ASSETS = ("live.js", "live.css", "gallery.js")
"""The gallery's assets the server sends (gallery.js: run again after the card list changes)."""
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')
_IMAGE = re.compile(r'(<img src=")((?:cards|backs)/[^"?#]+)(")')
_HEADER = re.compile(r'(<header class="top">\n?)')
_BUILDER_LINK = r'\1<a class="live-builder" href="/decks">Deck builder</a>\n'
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def csp(scripts: tuple[str, ...] = ()) -> str:
    """The Content-Security-Policy of a served page whose inline scripts are `scripts`."""
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in scripts
    )
    return (
        "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
        f" script-src 'self'{hashes}; connect-src 'self'; base-uri 'none';"
        " form-action 'self'; frame-ancestors 'none'"
    )


FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
"""The policy of every other response (images, JSON, the API, errors): nothing in it runs."""
UNRESTRICTED = (".pdf",)
"""Files sent with no policy: a browser's PDF viewer refuses to show a sandboxed PDF (a
PDF's own scripts run in the viewer's sandbox, not the page's)."""


def file_policy(suffix: str) -> str | None:
    """The Content-Security-Policy a served file of that suffix is sent with (None: none)."""
    return None if suffix.lower() in UNRESTRICTED else FILE_CSP


def _head(generation: int) -> str:
    return (
        f'<meta name="cardgen-generation" content="{generation}">\n'
        '<link rel="icon" href="data:,">\n'  # no request for a favicon the game has not
        f'<link rel="stylesheet" href="{ASSETS}live.css">\n'
        f'<link rel="stylesheet" href="{ASSETS}closeup.css">\n'
    )


def live_page(html: str, images: Mapping[str, str], generation: int) -> tuple[str, str]:
    """(the served page, its Content-Security-Policy) from the gallery's HTML, the images'
    hashes and the generation of the build it shows."""
    page = _CSP_META.sub("", html, count=1)

    def versioned(match: re.Match[str]) -> str:
        digest = images.get(match[2])
        return match[0] if digest is None else f"{match[1]}{match[2]}?v={digest}{match[3]}"

    page = _IMAGE.sub(versioned, page)
    page = page.replace("</head>", _head(generation) + "</head>", 1)
    page = _HEADER.sub(_BUILDER_LINK, page, count=1)
    page = page.replace(
        "</body>",
        f'<script src="{ASSETS}live.js"></script>\n<script src="{ASSETS}closeup.js"></script>\n'
        "</body>",
        1,
    )
    return page, csp(tuple(_INLINE_SCRIPT.findall(page)))


def placeholder(game: str, generation: int) -> tuple[str, str]:
    """(the page served before the game has built once, its policy): the live script
    shows the build's problems and loads the gallery once it builds."""
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(game)}: not built yet</title>\n"
        '<meta name="cardgen-placeholder" content="1">\n'
        f"{_head(generation)}</head>\n<body>\n"
        f"<main><h1>{escape(game)}</h1><p>The game has not built yet: fix the problems"
        " above and save; this page loads the gallery once it builds.</p></main>\n"
        f'<script src="{ASSETS}live.js"></script>\n</body>\n</html>\n'
    )
    return page, csp()
