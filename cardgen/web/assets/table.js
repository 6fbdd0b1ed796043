/* cardgen playtest table: the game's opening state (embedded as JSON by the page) played in
   the page. Plain script, no network: every action changes the state `S`, is pushed on an
   undo stack, kept in localStorage under the setup's key, and announced. Shuffles and dice
   draw from one seeded PRNG (mulberry32 over a hash of the seed), its state part of `S`:
   the same seed and the same actions give the same table. */
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
  var UNDO_KEPT = 100;
  var MM = 1.25;
  var cardOf = [];        // copy number -> index into T.cards
  var startPiles = {};    // pile id -> copy numbers, top first
  T.piles.forEach(function (pile) {
    startPiles[pile.id] = pile.cards.map(function (card) { cardOf.push(card); return cardOf.length - 1; });
  });
  var pileOf = {};
  T.piles.forEach(function (pile) { pileOf[pile.id] = pile; });

  /* -- the seeded PRNG: a string hash (xmur3) seeds mulberry32 -- */
  function hashSeed(text) {
    var h = 1779033703 ^ text.length;
    for (var i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  }
  function random() {  // mulberry32, its state kept in S.rng
    var t = (S.rng = (S.rng + 0x6D2B79F5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /* -- the state -- */
  function fresh(seed) {
    var piles = {};
    T.piles.forEach(function (pile) { piles[pile.id] = { cards: startPiles[pile.id].slice(), up: pile.face_up }; });
    var counters = {};
    T.counters.forEach(function (c) { counters[c.id] = c.start; });
    var dice = {};
    T.dice.forEach(function (d) { dice[d.id] = null; });
    return {
      seed: seed, rng: hashSeed(seed), shuffles: 0, piles: piles,
      hands: T.seats.map(function () { return []; }), play: [], down: {},
      counters: counters, dice: dice
    };
  }
  var S, undo = [], view = { seat: 0 }, picked = null;
  function save() {
    try {
      localStorage.setItem(T.key, JSON.stringify({ S: S, undo: undo.slice(-UNDO_KEPT), view: view }));
    } catch (e) { /* storage full or refused: the table still plays */ }
  }
  function load() {
    var urlSeed = params.get("seed");
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(T.key) || "null"); } catch (e) { kept = null; }
    if (kept && kept.S && (urlSeed === null || urlSeed === kept.S.seed)) {
      S = kept.S; undo = kept.undo || []; view = kept.view || { seat: 0 };
    } else {
      S = fresh(urlSeed || T.seed); undo = []; view = { seat: 0 };
    }
  }

  /* -- words -- */
  function seatName(n) { return T.seats[n].label; }
  function cardName(copy) { return T.cards[cardOf[copy]].name; }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }
  function announce(text) {
    say.textContent = text;
    var log = document.getElementById("log");
    var line = document.createElement("li");
    line.textContent = text;
    log.insertBefore(line, log.firstChild);
    while (log.childNodes.length > 30) { log.removeChild(log.lastChild); }
  }

  /* -- actions: each one undoable -- */
  function act(fn) {
    var before = JSON.stringify(S);
    var said = fn();
    if (said === null || said === undefined) { return; }  // nothing changed
    undo.push(before);
    if (undo.length > UNDO_KEPT) { undo.shift(); }
    picked = null;
    save();
    render();
    announce(said);
  }
  function where(place) {  // a place: {pile: id} | {hand: n} | {play: true} -> its card list
    if (place.pile !== undefined) { return S.piles[place.pile].cards; }
    if (place.hand !== undefined) { return S.hands[place.hand]; }
    return S.play;
  }
  function placeName(place) {
    if (place.pile !== undefined) { return pileLabel(place.pile); }
    if (place.hand !== undefined) { return seatName(place.hand) + "'s hand"; }
    return "the table";
  }
  function pileLabel(id) {
    var pile = pileOf[id];
    return pile.owner === null ? pile.label : seatName(pile.owner) + "'s " + pile.label;
  }
  var A = {
    shuffle: function (id) {
      return act(function () {
        var cards = S.piles[id].cards;
        for (var i = cards.length - 1; i > 0; i--) {
          var j = Math.floor(random() * (i + 1));
          var kept = cards[i]; cards[i] = cards[j]; cards[j] = kept;
        }
        S.shuffles += 1;
        return "Shuffled " + pileLabel(id) + " (seed " + S.seed + ", shuffle " + S.shuffles + ")";
      });
    },
    draw: function (id, seat) {
      return act(function () {
        var cards = S.piles[id].cards;
        if (!cards.length) { return null; }
        S.hands[seat].push(cards.shift());
        return seatName(seat) + " drew a card from " + pileLabel(id);
      });
    },
    deal: function (id, each) {
      return act(function () {
        var cards = S.piles[id].cards, given = 0;
        for (var round = 0; round < each; round++) {
          for (var seat = 0; seat < T.seats.length && cards.length; seat++) {
            S.hands[seat].push(cards.shift()); given++;
          }
        }
        return given ? "Dealt " + plural(given, "card", "cards") + " from " + pileLabel(id) +
          ", " + each + " to each player" : null;
      });
    },
    openingHands: function () {
      return act(function () {
        var drawn = 0;
        T.seats.forEach(function (seat) {
          var pile = seat.draw_pile && S.piles[seat.draw_pile];
          for (var k = 0; pile && k < seat.hand && pile.cards.length; k++) {
            S.hands[seat.number].push(pile.cards.shift()); drawn++;
          }
        });
        return drawn ? "Each player drew their opening hand" : null;
      });
    },
    playTop: function (id, seat) {
      return act(function () {
        var cards = S.piles[id].cards;
        if (!cards.length) { return null; }
        var copy = cards.shift();
        S.play.push(copy); delete S.down[copy];
        return seatName(seat) + " turned " + cardName(copy) + " from " + pileLabel(id) + " onto the table";
      });
    },
    flipPile: function (id) {
      return act(function () {
        var pile = S.piles[id];
        pile.up = !pile.up; pile.cards.reverse();
        return "Turned " + pileLabel(id) + " over: face " + (pile.up ? "up" : "down");
      });
    },
    play: function (seat, copy) {
      return act(function () {
        var hand = S.hands[seat], at = hand.indexOf(copy);
        if (at < 0) { return null; }
        hand.splice(at, 1); S.play.push(copy); delete S.down[copy];
        return seatName(seat) + " played " + cardName(copy);
      });
    },
    flipCard: function (copy) {
      return act(function () {
        if (S.play.indexOf(copy) < 0) { return null; }
        if (S.down[copy]) { delete S.down[copy]; } else { S.down[copy] = true; }
        return (S.down[copy] ? "Turned a card face down" : "Turned " + cardName(copy) + " face up");
      });
    },
    move: function (from, copy, to) {
      return act(function () {
        var source = where(from), at = source.indexOf(copy);
        if (at < 0) { return null; }
        source.splice(at, 1);
        var target = where(to);
        if (to.pile !== undefined) { target.unshift(copy); } else { target.push(copy); }
        if (to.play) { delete S.down[copy]; }
        var shown = to.hand !== undefined || (to.pile !== undefined && S.piles[to.pile].up) || to.play;
        return "Moved " + (shown && (to.hand === undefined || to.hand === view.seat) ? cardName(copy) : "a card") +
          " from " + placeName(from) + " to " + placeName(to);
      });
    },
    count: function (id, step) {
      return act(function () {
        var c = T.counters.filter(function (k) { return k.id === id; })[0];
        var value = S.counters[id] + step;
        if ((c.min !== null && value < c.min) || (c.max !== null && value > c.max)) { return null; }
        S.counters[id] = value;
        return c.holder + "'s " + c.label + ": " + value;
      });
    },
    roll: function (ids) {
      return act(function () {
        var shown = ids.map(function (id) {
          var die = T.dice.filter(function (d) { return d.id === id; })[0];
          S.dice[id] = Math.floor(random() * die.faces.length);
          return die.faces[S.dice[id]];
        });
        var die = T.dice.filter(function (d) { return d.id === ids[0]; })[0];
        return die.holder + " rolled " + shown.join(" and ");
      });
    },
    undo: function () {
      if (!undo.length) { announce("Nothing to undo"); return; }
      S = JSON.parse(undo.pop()); picked = null; save(); render(); announce("Undone");
    },
    reset: function (seed) {
      act(function () {
        S = fresh(seed || T.seed);
        return "New game, seed " + S.seed;
      });
    },
    seat: function (n) {
      view.seat = n; picked = null; save(); render();
      announce(seatName(n) + "'s turn: the other hands are hidden");
    }
  };

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
  function image(copy, faceUp) {
    var card = T.cards[cardOf[copy]];
    var frame = el("span", "frame");
    frame.style.setProperty("--w", card.width_mm);
    frame.style.setProperty("--h", card.height_mm);
    frame.style.setProperty("--b", card.bleed_mm);
    var img = el("img");
    img.alt = ""; img.src = faceUp ? card.front : card.back;
    img.decoding = "async";
    frame.appendChild(img);
    return frame;
  }
  function cardButton(copy, faceUp, k, label, fn) {
    var node = button("", k, fn, "card" + (picked && picked.copy === copy ? " picked" : ""));
    node.setAttribute("aria-label", label);
    node.setAttribute("aria-pressed", picked && picked.copy === copy ? "true" : "false");
    node.dataset.copy = copy;
    node.appendChild(image(copy, faceUp));
    return node;
  }
  function pick(place, copy) {
    if (picked && picked.copy === copy) { picked = null; render(); announce("Nothing chosen"); return; }
    picked = { from: place, copy: copy };
    render();
    announce("Chose " + (place.hand === view.seat || place.play || (place.pile !== undefined && S.piles[place.pile].up) ?
      cardName(copy) : "a card") + " from " + placeName(place) + ": choose where it goes, or Escape");
  }
  function targetButton(place, k) {
    if (!picked) { return null; }
    return button("Put here", k, function () { A.move(picked.from, picked.copy, place); }, "target");
  }
  function pileView(id) {
    var pile = pileOf[id], state = S.piles[id];
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
    tools.appendChild(button("Draw", "draw:" + id, function () { A.draw(id, view.seat); }));
    tools.appendChild(button("Play top", "playtop:" + id, function () { A.playTop(id, view.seat); }));
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
    var mine = n === view.seat, hand = S.hands[n];
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
    if (mine && picked && picked.from.hand === n) {
      tools.appendChild(button("Play " + cardName(picked.copy), "play", function () { A.play(n, picked.copy); }));
    }
    var put = targetButton({ hand: n }, "puthand:" + n);
    if (put) { put.setAttribute("aria-label", "Put here: " + seatName(n) + "'s hand"); tools.appendChild(put); }
    box.appendChild(tools);
    return box;
  }
  function playView() {
    var box = el("section", "play");
    box.setAttribute("aria-label", "The table");
    box.appendChild(el("h3", "", "On the table: " + plural(S.play.length, "card", "cards")));
    var row = el("div", "cards");
    S.play.forEach(function (copy) {
      var up = !S.down[copy];
      row.appendChild(cardButton(copy, up, "play:" + copy, (up ? cardName(copy) : "A face-down card") + ", on the table",
        function () { pick({ play: true }, copy); }));
    });
    box.appendChild(row);
    var tools = el("div", "tools");
    if (picked && picked.from.play) {
      tools.appendChild(button("Flip " + cardName(picked.copy), "flipcard", function () { A.flipCard(picked.copy); }));
    }
    var put = targetButton({ play: true }, "putplay");
    if (put) { put.setAttribute("aria-label", "Put here: the table"); tools.appendChild(put); }
    box.appendChild(tools);
    return box;
  }
  function componentsView(owner) {
    var box = el("div", "components");
    T.counters.filter(function (c) { return c.owner === owner; }).forEach(function (c) {
      var item = el("div", "counter");
      item.appendChild(el("span", "", c.holder + "'s " + c.label + ": "));
      item.appendChild(el("output", "", String(S.counters[c.id])));
      var minus = button("−", "minus:" + c.id, function () { A.count(c.id, -1); });
      minus.setAttribute("aria-label", c.label + " minus one (" + c.holder + ")");
      var plus = button("+", "plus:" + c.id, function () { A.count(c.id, 1); });
      plus.setAttribute("aria-label", c.label + " plus one (" + c.holder + ")");
      item.appendChild(minus); item.appendChild(plus);
      box.appendChild(item);
    });
    var groups = {};
    T.dice.filter(function (d) { return d.owner === owner; }).forEach(function (d) {
      (groups[d.holder + "|" + d.label] = groups[d.holder + "|" + d.label] || []).push(d);
    });
    Object.keys(groups).forEach(function (name) {
      var dice = groups[name], item = el("div", "dice");
      dice.forEach(function (d) {
        var face = S.dice[d.id];
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
    document.getElementById("seed-shown").textContent = S.seed;
    document.getElementById("undo").disabled = !undo.length;
    document.getElementById("seat").value = String(view.seat);
    var area = el("div", "area");
    var shared = el("div", "shared");
    shared.appendChild(playView());
    var rows = sharedRows(), middle = el("div", "piles" + (rows.ends ? " ends" : "")), box = el("div", "piles in-box");
    rows.table.forEach(function (p) { middle.appendChild(pileView(p.id)); });
    rows.box.forEach(function (p) { box.appendChild(pileView(p.id)); });
    shared.appendChild(middle);
    if (rows.box.length) { shared.appendChild(box); }
    shared.appendChild(componentsView(null));
    area.appendChild(shared);
    T.seats.forEach(function (seat) {
      var n = seat.number, box = el("section", "seat" + (n === view.seat ? " current" : ""));
      box.setAttribute("aria-labelledby", "seat-name-" + n);
      var name = el("h2", "", seatName(n) + (n === view.seat ? " (playing)" : ""));
      name.id = "seat-name-" + n;
      box.appendChild(name);
      var piles = el("div", "piles");
      T.piles.filter(function (p) { return p.owner === n; }).forEach(function (p) { piles.appendChild(pileView(p.id)); });
      box.appendChild(piles);
      box.appendChild(handView(n));
      box.appendChild(componentsView(n));
      area.appendChild(box);
    });
    root.replaceChildren(area);
    if (focused) {
      var again = root.querySelector('[data-k="' + focused.replace(/"/g, "") + '"]');
      if (again) { again.focus(); }
    }
    window.cardgenTable.state = S;
  }

  /* -- keyboard: shortcut keys on the focused card or pile, and for the whole table -- */
  function focusedPile() {
    var node = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-pile]");
    return node ? node.dataset.pile : null;
  }
  function myDrawPile() { return T.seats[view.seat].draw_pile; }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.metaKey || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) { return; }
    if ((event.ctrlKey && event.key === "z") || (!event.ctrlKey && event.key === "u")) {
      event.preventDefault(); A.undo(); return;
    }
    if (event.ctrlKey) { return; }
    var pile = focusedPile(), active = document.activeElement, copy = active && active.dataset && active.dataset.copy;
    var key = event.key;
    if (key === "Escape" && picked) { picked = null; render(); announce("Nothing chosen"); return; }
    if (/^[1-9]$/.test(key) && Number(key) <= T.seats.length) { A.seat(Number(key) - 1); return; }
    var handler = {
      d: function () { var id = pile || myDrawPile(); if (id) { A.draw(id, view.seat); } },
      s: function () { var id = pile || myDrawPile(); if (id) { A.shuffle(id); } },
      t: function () { var id = pile || myDrawPile(); if (id) { A.playTop(id, view.seat); } },
      f: function () {
        if (copy !== undefined && S.play.indexOf(Number(copy)) >= 0) { A.flipCard(Number(copy)); } else if (pile) { A.flipPile(pile); }
      },
      p: function () {
        if (copy !== undefined && S.hands[view.seat].indexOf(Number(copy)) >= 0) { A.play(view.seat, Number(copy)); }
      },
      r: function () {
        var mine = T.dice.filter(function (d) { return d.owner === view.seat; }).map(function (d) { return d.id; });
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
      save();
      return;
    }
    window.location.search = next.toString();
  });
  document.getElementById("new-game").addEventListener("click", function () {
    A.reset(document.getElementById("seed").value.trim() || S.seed);
  });
  document.getElementById("undo").addEventListener("click", A.undo);
  var opening = document.getElementById("opening");
  var handSize = T.seats.length ? T.seats[0].hand : 0;
  opening.hidden = !handSize || !T.seats.some(function (seat) { return seat.draw_pile; });
  opening.textContent = "Draw opening hands (" + handSize + " each)";
  opening.addEventListener("click", A.openingHands);
  document.getElementById("deal-count").value = String(handSize || 1);
  window.cardgenTable = {
    setup: T, state: null, undo: function () { return undo.length; },
    order: function (id) { return S.piles[id].cards.map(cardName); }
  };
  load();
  document.getElementById("seed").value = S.seed;
  render();
  window.cardgenTable.ready = true;
})();
