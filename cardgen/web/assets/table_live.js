// cardgen serve: the playtest table's live images. The page `/table` loads this after the
// table's own script: it asks the server which version of each card image the last build
// made (GET /api/state), then listens to the change feed (GET /api/events); each build's
// changed images get their new address (?v=HASH) and the table is drawn again, its state
// untouched, so a card edited in the game's files shows on the table mid-game.
(function () {
  "use strict";
  var table = window.cardgenTable;
  if (!table || !window.EventSource) { return; }
  var images = {};
  var generation = 0;

  function show(hashes) {
    var changed = false;
    Object.keys(hashes).forEach(function (path) {
      if (images[path] !== hashes[path]) { images[path] = hashes[path]; changed = true; }
    });
    if (changed) {
      table.images = images;
      table.render();
    }
    table.imagesSeen = (table.imagesSeen || 0) + 1;
  }

  fetch("/api/state", { cache: "no-store" })
    .then(function (response) { return response.json(); })
    .then(function (state) {
      var hashes = {};
      (state.images || []).forEach(function (image) { hashes[image.path] = image.hash; });
      generation = state.generation || 0;
      show(hashes);
      var events = new EventSource("/api/events?since=" + generation);
      events.addEventListener("build", function (message) {
        var data = JSON.parse(message.data);
        if (data.ok && data.hashes) { show(data.hashes); }
      });
    })
    .catch(function () { /* no server state: the table plays on with the images it has */ });
}());
