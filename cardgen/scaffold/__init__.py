"""Files of a new game (`cardgen new`), as package data."""
