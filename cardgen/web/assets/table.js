/* cardgen playtest table: the page. It picks the setup the address asks for among those the
   page embeds (JSON), plays it with table_play.js (`cardgenTablePlay`: the state, the
   actions, undo and storage) and draws the table after each action, announcing it; every
   action is a button, most have a key. Plain script, no network. */
(function () {
  "use strict";
  var setups = JSON.parse(document.getElementById("table-setups").textContent);
  var params = new URLSearchParams(window.location.search);
  var wanted = params.get("players");
  var root = document.getElementById("table-root");
  var say = document.getElementById("announce");
  var T = null;
  for (var i = 0; i < setups.length; i++) {
    if (String(setups[i].players) === wanted) { T = setups[i]; }
  }
  if (T === null && wanted !== null && setups.length) {
    var first = setups[0];
    root.textContent = wanted + " players: " + first.name + " is played by " +
      first.players_min + " to " + first.players_max + " players; this table holds " +
      setups.map(function (s) { return s.players; }).join(", ") + ".";
    root.className = "refused";
    return;
  }
  T = T || setups[0];

  var G = cardgenTablePlay(T, params, {
    done: function (said) { render(); announce(said); },
    say: function (said) { announce(said); }
  });
  var BOARD = cardgenTableBoard(T, G, { el: el, button: button, render: render, announce: announce });
  var A = G.A, cardOf = G.cardOf, pileOf = G.pileOf, seatName = G.seatName;
  var cardName = G.cardName, plural = G.plural, pileLabel = G.pileLabel, placeName = G.placeName;
  function announce(text) {
    say.textContent = text;
    var log = document.getElementById("log");
    var line = document.createElement("li");
    line.textContent = text;
    log.insertBefore(line, log.firstChild);
    while (log.childNodes.length > 30) { log.removeChild(log.lastChild); }
  }

  /* -- drawing the table -- */
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function button(label, k, fn, extra) {
    var node = el("button", extra || "", label);
    node.type = "button"; node.dataset.k = k;
    node.addEventListener("click", fn);
    return node;
  }
  // An image's address with the version `cardgen serve` last built it at (table_live.js
  // keeps window.cardgenTable.images: path -> hash), so an edited card shows at once.
  function versioned(path) {
    var known = window.cardgenTable && window.cardgenTable.images;
    return known && Object.prototype.hasOwnProperty.call(known, path) ? path + "?v=" + known[path] : path;
  }
  function image(copy, faceUp) {
    var card = T.cards[cardOf[copy]];
    var frame = el("span", "frame");
    frame.style.setProperty("--w", card.width_mm);
    frame.style.setProperty("--h", card.height_mm);
    frame.style.setProperty("--b", card.bleed_mm);
    var img = el("img");
    img.alt = ""; img.src = versioned(faceUp ? card.front : card.back);
    img.decoding = "async";
    frame.appendChild(img);
    return frame;
  }
  function cardButton(copy, faceUp, k, label, fn) {
    var node = button("", k, fn, "card" + (G.picked && G.picked.copy === copy ? " picked" : ""));
    node.setAttribute("aria-label", label);
    node.setAttribute("aria-pressed", G.picked && G.picked.copy === copy ? "true" : "false");
    node.dataset.copy = copy;
    node.appendChild(image(copy, faceUp));
    return node;
  }
  function pick(place, copy) {
    if (G.picked && G.picked.copy === copy) { G.picked = null; render(); announce("Nothing chosen"); return; }
    G.picked = { from: place, copy: copy };
    render();
    announce("Chose " + (place.hand === G.view.seat || place.play || (place.pile !== undefined && G.S.piles[place.pile].up) ?
      cardName(copy) : "a card") + " from " + placeName(place) + ": choose where it goes, or Escape");
  }
  function targetButton(place, k) {
    if (!G.picked) { return null; }
    return button("Put here", k, function () { A.move(G.picked.from, G.picked.copy, place); }, "target");
  }
  function pileView(id) {
    var pile = pileOf[id], state = G.S.piles[id];
    var box = el("section", "pile" + (pile.place === "box" ? " box" : ""));
    box.setAttribute("aria-label", pileLabel(id));
    box.dataset.pile = id;
    var head = el("h3", "", pile.label);
    head.lang = T.language;  // the game's own words
    box.appendChild(head);
    var count = el("p", "count", plural(state.cards.length, "card", "cards") + ", face " + (state.up ? "up" : "down"));
    box.appendChild(count);
    if (state.cards.length) {
      var top = state.cards[0];
      var label = "Top of " + pileLabel(id) + ": " + (state.up ? cardName(top) : "face down") +
        ", " + plural(state.cards.length, "card", "cards");
      box.appendChild(cardButton(top, state.up, "top:" + id, label, function () { pick({ pile: id }, top); }));
    } else {
      box.appendChild(el("div", "empty", "empty"));
    }
    var tools = el("div", "tools");
    tools.appendChild(button("Draw", "draw:" + id, function () { A.draw(id, G.view.seat); }));
    tools.appendChild(button("Play top", "playtop:" + id, function () { A.playTop(id, G.view.seat); }));
    tools.appendChild(button("Shuffle", "shuffle:" + id, function () { A.shuffle(id); }));
    tools.appendChild(button("Flip", "flip:" + id, function () { A.flipPile(id); }));
    tools.appendChild(button("Deal", "deal:" + id, function () {
      A.deal(id, Math.max(1, parseInt(document.getElementById("deal-count").value, 10) || 1));
    }));
    var put = targetButton({ pile: id }, "put:" + id);
    if (put) { tools.appendChild(put); }
    Array.prototype.forEach.call(tools.childNodes, function (b) {
      if (b.dataset.k !== "put:" + id) { b.setAttribute("aria-label", b.textContent + ": " + pileLabel(id)); }
    });
    box.appendChild(tools);
    return box;
  }
  function handView(n) {
    var mine = n === G.view.seat, hand = G.S.hands[n];
    var box = el("section", "hand" + (mine ? " current" : ""));
    box.setAttribute("aria-label", seatName(n) + "'s hand");
    box.dataset.hand = n;
    box.appendChild(el("h3", "", seatName(n) + "'s hand: " + plural(hand.length, "card", "cards")));
    var row = el("div", "cards");
    if (mine) {
      hand.forEach(function (copy) {
        row.appendChild(cardButton(copy, true, "hand:" + copy, cardName(copy) + ", in your hand", function () {
          pick({ hand: n }, copy);
        }));
      });
    } else if (hand.length) {  // another player's: backs and a count, never faces
      row.appendChild(image(hand[hand.length - 1], false));
      row.lastChild.classList.add("hidden-hand");
    }
    box.appendChild(row);
    var tools = el("div", "tools");
    if (mine && G.picked && G.picked.from.hand === n) {
      tools.appendChild(button("Play " + cardName(G.picked.copy), "play", function () { A.play(n, G.picked.copy); }));
    }
    var put = targetButton({ hand: n }, "puthand:" + n);
    if (put) { put.setAttribute("aria-label", "Put here: " + seatName(n) + "'s hand"); tools.appendChild(put); }
    box.appendChild(tools);
    return box;
  }
  function playView() {
    var box = el("section", "play");
    box.setAttribute("aria-label", "The table");
    box.appendChild(el("h3", "", "On the table: " + plural(G.S.play.length, "card", "cards")));
    var row = el("div", "cards");
    G.S.play.forEach(function (copy) {
      var up = !G.S.down[copy];
      row.appendChild(cardButton(copy, up, "play:" + copy, (up ? cardName(copy) : "A face-down card") + ", on the table",
        function () { pick({ play: true }, copy); }));
    });
    box.appendChild(row);
    var tools = el("div", "tools");
    if (G.picked && G.picked.from.play) {
      tools.appendChild(button("Flip " + cardName(G.picked.copy), "flipcard", function () { A.flipCard(G.picked.copy); }));
    }
    var put = targetButton({ play: true }, "putplay");
    if (put) { put.setAttribute("aria-label", "Put here: the table"); tools.appendChild(put); }
    box.appendChild(tools);
    return box;
  }
  function componentsView(owner, team) {
    var box = el("div", "components");
    T.counters.filter(function (c) { return c.owner === owner && c.team === team; }).forEach(function (c) {
      var item = el("div", "counter");
      item.appendChild(el("span", "", c.holder + "'s " + c.label + ": "));
      item.appendChild(el("output", "", String(G.S.counters[c.id])));
      var minus = button("−", "minus:" + c.id, function () { A.count(c.id, -1); });
      minus.setAttribute("aria-label", c.label + " minus one (" + c.holder + ")");
      var plus = button("+", "plus:" + c.id, function () { A.count(c.id, 1); });
      plus.setAttribute("aria-label", c.label + " plus one (" + c.holder + ")");
      item.appendChild(minus); item.appendChild(plus);
      box.appendChild(item);
    });
    var groups = {};
    T.dice.filter(function (d) { return d.owner === owner && d.team === team; }).forEach(function (d) {
      (groups[d.holder + "|" + d.label] = groups[d.holder + "|" + d.label] || []).push(d);
    });
    Object.keys(groups).forEach(function (name) {
      var dice = groups[name], item = el("div", "dice");
      dice.forEach(function (d) {
        var face = G.S.dice[d.id];
        var shown = el("span", "die", face === null ? "–" : d.faces[face]);
        shown.dataset.die = d.id;
        item.appendChild(shown);
      });
      var roll = button("Roll " + dice[0].label + (dice.length > 1 ? " (" + dice.length + ")" : ""), "roll:" + name, function () {
        A.roll(dice.map(function (d) { return d.id; }));
      });
      roll.setAttribute("aria-label", "Roll " + dice[0].holder + "'s " + dice[0].label + (dice.length > 1 ? " (" + dice.length + ")" : ""));
      item.insertBefore(roll, item.firstChild);
      box.appendChild(item);
    });
    BOARD.tokens(owner, team, box);
    return box;
  }
  function teamView(team) {  // a team's panel: its players, its counters and tokens
    var box = el("section", "team");
    box.style.setProperty("--team", team.color);
    box.setAttribute("aria-labelledby", "team-name-" + team.id);
    var name = el("h2", "", team.label + " team: " + team.seats.map(seatName).join(", "));
    name.id = "team-name-" + team.id;
    box.appendChild(name);
    box.appendChild(componentsView(null, team.id));
    return box;
  }
  function sharedRows() {  // the shared piles in a row, `left` and `ends` piles at its ends
    var left = [], middle = [], right = [], box = [], ends = 0;
    T.piles.filter(function (p) { return p.owner === null; }).forEach(function (p) {
      if (p.place === "box") { box.push(p); } else if (p.place === "left" || (p.place === "ends" && ends++ % 2 === 0)) {
        left.push(p);
      } else if (p.place === "right" || p.place === "ends") { right.unshift(p); } else { middle.push(p); }
    });
    return { table: left.concat(middle, right), box: box, ends: left.length + right.length > 0 };
  }
  function render() {
    var focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.k : null;
    document.getElementById("seed-shown").textContent = G.S.seed;
    document.getElementById("undo").disabled = !G.undo.length;
    document.getElementById("seat").value = String(G.view.seat);
    var area = el("div", "area");
    var shared = el("div", "shared");
    shared.appendChild(playView());
    var rows = sharedRows(), middle = el("div", "piles" + (rows.ends ? " ends" : "")), box = el("div", "piles in-box");
    rows.table.forEach(function (p) { middle.appendChild(pileView(p.id)); });
    rows.box.forEach(function (p) { box.appendChild(pileView(p.id)); });
    shared.appendChild(middle);
    if (rows.box.length) { shared.appendChild(box); }
    BOARD.boards(null).forEach(function (node) { shared.appendChild(node); });
    shared.appendChild(componentsView(null, null));
    area.appendChild(shared);
    T.teams.forEach(function (team) { area.appendChild(teamView(team)); });
    T.seats.forEach(function (seat) {
      var n = seat.number, box = el("section", "seat" + (n === G.view.seat ? " current" : ""));
      box.setAttribute("aria-labelledby", "seat-name-" + n);
      var name = el("h2", "", seatName(n) + (n === G.view.seat ? " (playing)" : ""));
      name.id = "seat-name-" + n;
      box.appendChild(name);
      var piles = el("div", "piles");
      T.piles.filter(function (p) { return p.owner === n; }).forEach(function (p) { piles.appendChild(pileView(p.id)); });
      box.appendChild(piles);
      box.appendChild(handView(n));
      BOARD.boards(n).forEach(function (node) { box.appendChild(node); });
      box.appendChild(componentsView(n, null));
      area.appendChild(box);
    });
    root.replaceChildren(area);
    if (focused) {
      var again = root.querySelector('[data-k="' + focused.replace(/"/g, "") + '"]');
      if (again) { again.focus(); }
    }
    window.cardgenTable.state = G.S;
  }

  /* -- keyboard: shortcut keys on the focused card or pile, and for the whole table -- */
  function focusedPile() {
    var node = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-pile]");
    return node ? node.dataset.pile : null;
  }
  function myDrawPile() { return T.seats[G.view.seat].draw_pile; }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.metaKey || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) { return; }
    if ((event.ctrlKey && event.key === "z") || (!event.ctrlKey && event.key === "u")) {
      event.preventDefault(); A.undo(); return;
    }
    if (event.ctrlKey) { return; }
    var pile = focusedPile(), active = document.activeElement, copy = active && active.dataset && active.dataset.copy;
    var key = event.key;
    if (key === "Escape" && G.picked) { G.picked = null; render(); announce("Nothing chosen"); return; }
    if (/^[1-9]$/.test(key) && Number(key) <= T.seats.length) { A.seat(Number(key) - 1); return; }
    var handler = {
      d: function () { var id = pile || myDrawPile(); if (id) { A.draw(id, G.view.seat); } },
      s: function () { var id = pile || myDrawPile(); if (id) { A.shuffle(id); } },
      t: function () { var id = pile || myDrawPile(); if (id) { A.playTop(id, G.view.seat); } },
      f: function () {
        if (copy !== undefined && G.S.play.indexOf(Number(copy)) >= 0) { A.flipCard(Number(copy)); } else if (pile) { A.flipPile(pile); }
      },
      p: function () {
        if (copy !== undefined && G.S.hands[G.view.seat].indexOf(Number(copy)) >= 0) { A.play(G.view.seat, Number(copy)); }
      },
      r: function () {
        var mine = T.dice.filter(function (d) { return d.owner === G.view.seat; }).map(function (d) { return d.id; });
        if (!mine.length) { mine = T.dice.filter(function (d) { return d.owner === null; }).map(function (d) { return d.id; }); }
        if (mine.length) { A.roll(mine); }
      },
      "?": function () { var keys = document.getElementById("keys"); keys.open = !keys.open; }
    }[key];
    if (handler) { event.preventDefault(); handler(); }
  });

  /* -- the header's controls -- */
  var seatSelect = document.getElementById("seat");
  T.seats.forEach(function (seat) {
    var option = el("option", "", seat.label);
    option.value = String(seat.number);
    seatSelect.appendChild(option);
  });
  seatSelect.addEventListener("change", function () { A.seat(Number(seatSelect.value)); });
  var players = document.getElementById("players");
  for (var n = T.players_min; n <= T.players_max; n++) {
    var option = el("option", "", String(n));
    option.value = String(n);
    if (n === T.players) { option.selected = true; }
    players.appendChild(option);
  }
  document.getElementById("setup-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var seed = document.getElementById("seed").value.trim();
    var next = new URLSearchParams(window.location.search);
    next.set("players", players.value);
    if (seed) { next.set("seed", seed); } else { next.delete("seed"); }
    if (players.value === String(T.players) && seed) {
      A.reset(seed);  // the same table: a new game with this seed, here
      window.history.replaceState(null, "", "?" + next.toString());
      G.save();
      return;
    }
    window.location.search = next.toString();
  });
  document.getElementById("new-game").addEventListener("click", function () {
    A.reset(document.getElementById("seed").value.trim() || G.S.seed);
  });
  document.getElementById("undo").addEventListener("click", A.undo);
  var opening = document.getElementById("opening");
  var handSize = T.seats.length ? T.seats[0].hand : 0;
  opening.hidden = !handSize || !T.seats.some(function (seat) { return seat.draw_pile; });
  opening.textContent = "Draw opening hands (" + handSize + " each)";
  opening.addEventListener("click", A.openingHands);
  document.getElementById("deal-count").value = String(handSize || 1);
  window.cardgenTable = {
    setup: T, state: null, images: null, undo: function () { return G.undo.length; },
    order: function (id) { return G.S.piles[id].cards.map(cardName); }
  };
  G.load();
  document.getElementById("seed").value = G.S.seed;
  render();
  window.cardgenTable.ready = true;
})();
