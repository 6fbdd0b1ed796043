"""`cardgen tts`: a Tabletop Simulator saved object of a game's box or of one deck list.

One module a concern: `ids` (stable GUIDs and deck keys), `objects` (the fields every
object has), `table` (cards dealt into piles and piles into decks), `board` (a board's hex
tiles, counters and pieces), `images` (sprite sheets, their URLs, hosting), `sheets`
(composing and encoding a sheet), `model` (the saved object's schema) and `export` (the
command itself: the table of a box or a deck written as JSON, thumbnail and sheets).
"""
