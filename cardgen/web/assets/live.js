// cardgen serve: the gallery updates itself after each rebuild. Served only by `cardgen
// serve` (never in the gallery a build writes). It listens to the server's change feed
// (/api/events); after a build it asks /api/state, shows the build's problems in a banner
// (the last good cards stay below it), and patches the page from the served gallery: a
// card whose image changed gets its new address (?v=HASH), so only changed images are
// fetched; notes, chips and counts are brought up to date; the scroll position and the
// filters stay. When cards were added or removed, the cards section is replaced and the
// gallery's script run again, the search and filters kept. A build tells the page twice:
// once its card images are drawn (`follows`: only those images are swapped in, at once),
// and once it is done (then the rest of the page follows).
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="cardgen-generation"]');
  var placeholder = document.querySelector('meta[name="cardgen-placeholder"]') !== null;
  var live = window.cardgenLive = {
    generation: meta ? parseInt(meta.getAttribute("content"), 10) || 0 : 0,
    updates: 0,
    replaced: 0,
    state: null
  };
  var banner = document.createElement("div");
  banner.id = "live-banner";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  document.body.insertBefore(banner, document.body.firstChild);
  // An aside (a landmark of its own, so no content lies outside the page's regions) that
  // screen readers announce politely as the build's state changes.
  var badge = document.createElement("aside");
  badge.id = "live-status";
  badge.setAttribute("aria-label", "Live build status");
  badge.setAttribute("aria-live", "polite");
  badge.textContent = "live";
  document.body.appendChild(badge);
  var busy = false;
  var again = false;

  function setBadge(text, kind) {
    badge.textContent = text;
    badge.className = kind || "";
  }

  function showProblems(state) {
    banner.textContent = "";
    if (state.ok) {
      banner.hidden = true;
      setBadge("live");
      return;
    }
    var title = document.createElement("h2");
    title.textContent = "The last build failed" +
      (placeholder ? "" : ": the cards below are from the last good build");
    banner.appendChild(title);
    state.problems.forEach(function (problem) {
      var row = document.createElement("div");
      row.className = "problem";
      // the line `cardgen build` prints: its place once (file:line:column, a cell), then
      // the message
      var place = problem.where || problem.file;
      if (place) {
        var where = document.createElement("span");
        where.className = "where";
        where.textContent = place + ":";
        row.appendChild(where);
      }
      row.appendChild(document.createTextNode((place ? " " : "") + problem.message));
      banner.appendChild(row);
    });
    banner.hidden = false;
    setBadge("build failed", "error");
  }

  function plain(src) { return (src || "").split("?")[0]; }

  function setImages(hashes) {
    Array.prototype.forEach.call(document.querySelectorAll("#grid img"), function (img) {
      var path = plain(img.getAttribute("src"));
      if (Object.prototype.hasOwnProperty.call(hashes, path)) {
        var src = path + "?v=" + hashes[path];
        if (img.getAttribute("src") !== src) { img.setAttribute("src", src); }
      }
    });
  }

  function sameList(a, b) {
    var ids = function (root) {
      return Array.prototype.map.call(root.querySelectorAll("#grid > .card"), function (card) {
        return card.id + "/" + card.querySelectorAll("img").length;
      }).join("\n");
    };
    return ids(a) === ids(b);
  }

  function swap(old, fresh) {
    if (!old || !fresh) { return; }
    if (old.outerHTML !== fresh.outerHTML) { old.replaceWith(document.importNode(fresh, true)); }
  }

  function patchCard(old, fresh) {
    var flipped = old.classList.contains("flipped");
    Array.prototype.slice.call(old.attributes).forEach(function (attribute) {
      if (!fresh.hasAttribute(attribute.name)) { old.removeAttribute(attribute.name); }
    });
    Array.prototype.forEach.call(fresh.attributes, function (attribute) {
      if (old.getAttribute(attribute.name) !== attribute.value) {
        old.setAttribute(attribute.name, attribute.value);
      }
    });
    old.classList.toggle("flipped", flipped);
    var before = old.querySelectorAll("img");
    var after = fresh.querySelectorAll("img");
    for (var i = 0; i < before.length; i += 1) {
      if (before[i].getAttribute("src") !== after[i].getAttribute("src")) {
        before[i].setAttribute("src", after[i].getAttribute("src"));
      }
      if (before[i].getAttribute("style") !== after[i].getAttribute("style")) {
        before[i].setAttribute("style", after[i].getAttribute("style"));
      }
    }
    var face = old.querySelector(".face");
    var flag = old.querySelector(".face > .flag");
    var freshFlag = fresh.querySelector(".face > .flag");
    if (flag && !freshFlag) { flag.remove(); }
    if (freshFlag) {
      if (flag) { swap(flag, freshFlag); } else { face.insertBefore(document.importNode(freshFlag, true), face.firstChild); }
    }
    swap(old.querySelector(".meta"), fresh.querySelector(".meta"));
  }

  function patchToolbar(fresh) {
    Array.prototype.forEach.call(fresh.querySelectorAll(".toolbar select"), function (select) {
      var old = document.getElementById(select.id);
      if (!old || old.options.length !== select.options.length) { return; }
      for (var i = 0; i < select.options.length; i += 1) {
        old.options[i].textContent = select.options[i].textContent;
      }
    });
    var box = document.getElementById("only-findings");
    var freshBox = fresh.getElementById("only-findings");
    if (box && freshBox && box.parentNode.lastChild && freshBox.parentNode.lastChild) {
      box.parentNode.lastChild.textContent = freshBox.parentNode.lastChild.textContent;
    }
  }

  function replaceCards(fresh) {
    var kept = {};
    Array.prototype.forEach.call(document.querySelectorAll(".toolbar input, .toolbar select"), function (field) {
      kept[field.id] = field.type === "checkbox" ? field.checked : field.value;
    });
    document.getElementById("cards").replaceWith(document.importNode(fresh.getElementById("cards"), true));
    Object.keys(kept).forEach(function (id) {
      var field = document.getElementById(id);
      if (!field) { return; }
      if (field.type === "checkbox") { field.checked = kept[id]; } else { field.value = kept[id]; }
    });
    var script = document.createElement("script");
    script.src = "/_live/gallery.js";
    document.body.appendChild(script);
    live.replaced += 1;
  }

  function patch(fresh) {
    if (!document.getElementById("grid") || !fresh.getElementById("grid")) { location.reload(); return; }
    if (!sameList(document, fresh)) {
      replaceCards(fresh);
    } else {
      var cards = fresh.querySelectorAll("#grid > .card");
      Array.prototype.forEach.call(cards, function (card) {
        patchCard(document.getElementById(card.id), card);
      });
      patchToolbar(fresh);
      swap(document.querySelector("#cards > .notes"), fresh.querySelector("#cards > .notes"));
      swap(document.getElementById("decks"), fresh.getElementById("decks"));
      var search = document.getElementById("search");
      if (search) { search.dispatchEvent(new Event("input")); }  // the filters again
    }
    ["header.top .downloads", "header.top nav.sections", "body > footer"].forEach(function (where) {
      swap(document.querySelector(where), fresh.querySelector(where));
    });
    var freshMeta = fresh.querySelector('meta[name="cardgen-generation"]');
    live.generation = freshMeta ? parseInt(freshMeta.getAttribute("content"), 10) || 0 : live.generation;
    live.updates += 1;
  }

  function sync() {
    if (busy) { again = true; return; }
    busy = true;
    fetch("/api/state", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (state) {
        live.state = state;
        showProblems(state);
        if (!state.ok || state.generation <= live.generation) { return null; }
        if (placeholder) { location.reload(); return null; }
        return fetch("/", { cache: "no-store" })
          .then(function (response) { return response.text(); })
          .then(function (text) { patch(new DOMParser().parseFromString(text, "text/html")); });
      })
      .catch(function () { setBadge("not reached", "off"); })
      .then(function () {
        busy = false;
        if (again) { again = false; sync(); }
      });
  }

  var events = new EventSource("/api/events?since=" + live.generation);
  events.addEventListener("open", function () { if (badge.className === "off") { setBadge("live"); } });
  events.addEventListener("error", function () { setBadge("reconnecting", "off"); });
  events.addEventListener("build", function (message) {
    var data = JSON.parse(message.data);
    if (data.ok) { setImages(data.hashes); }  // the changed images at once; the rest follows
    if (!data.follows) { sync(); }  // the gallery of the build that is done
  });
  sync();
}());
