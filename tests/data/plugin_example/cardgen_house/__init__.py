"""House rules for cardgen: a lint rule, a layout element kind and a deck-rule kind."""
