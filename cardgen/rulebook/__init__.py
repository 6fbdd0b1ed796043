"""Rulebooks: a game's rules document written against its data, resolved, and rendered to
HTML and to a printable PDF (and a saddle-stitch booklet)."""
