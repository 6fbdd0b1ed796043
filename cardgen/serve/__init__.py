"""`cardgen serve GAME`: the game's proof gallery served on 127.0.0.1, rebuilt on every save.

The stage sits above `watch` and `build`: `app` builds the game and serves it, `watcher`
sees the game's files change (watchfiles) and rebuilds one build at a time, `feed` is the
change feed the page listens to (server-sent events), `changes` tells which card images a
rebuild changed, `page` turns the built gallery into the served page (the file on disk stays
as the build wrote it), `server` the HTTP server and its routes, `paths` and `origin` what
may be served and who may write.
"""
