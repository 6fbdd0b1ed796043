"""cardgen: turn a tabletop game's card data into everything needed to play it."""

__version__ = "0.1.0"
