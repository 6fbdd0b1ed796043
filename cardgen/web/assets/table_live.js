// cardgen serve: the playtest table's live images. The page `/table` loads this after the
// table's own script: it asks the server which version of each card image the last build
// made (GET /api/state), then listens to the change feed (GET /api/events); each build's
// changed images get their new address (?v=HASH), so a card edited in the game's files
// shows on the table mid-game, its state untouched. The images shown are given their new
// address in place (the table is not drawn again: the element in focus, or one a test or
// a screen reader holds, stays the same); later drawings take the addresses from
// window.cardgenTable.images.
(function () {
  "use strict";
  var table = window.cardgenTable;
  if (!table || !window.EventSource) { return; }
  var images = {};
  var generation = 0;

  function show(hashes) {
    Object.keys(hashes).forEach(function (path) { images[path] = hashes[path]; });
    table.images = images;
    Array.prototype.forEach.call(document.querySelectorAll("#table-root img"), function (img) {
      var path = (img.getAttribute("src") || "").split("?")[0];
      if (Object.prototype.hasOwnProperty.call(hashes, path)) {
        var src = path + "?v=" + hashes[path];
        if (img.getAttribute("src") !== src) { img.setAttribute("src", src); }
      }
    });
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
