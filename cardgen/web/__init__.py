"""The web pages a build writes: the proof gallery with its cards, icons and reports, and the
scripts and stylesheets it and the live server share (`web/assets/`)."""
