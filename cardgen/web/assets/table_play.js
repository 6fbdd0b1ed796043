/* cardgen playtest table: the game's rules of play, without the page. `cardgenTablePlay(T,
   params, hooks)` keeps the table's state `G.S` for the setup `T` (the record the page
   embeds): every action changes it, is pushed on an undo stack (`G.undo`), kept in
   localStorage under the setup's key, and handed to `hooks.done(what happened)` to be drawn
   and announced. Shuffles and dice draw from one seeded PRNG (mulberry32 over a hash of the
   seed), its state part of `G.S`: the same seed and the same actions give the same table.
   table.js draws the table and takes the keys; the page holds both in one script. */
function cardgenTablePlay(T, params, hooks) {
  "use strict";
  var G = { S: null, undo: [], view: { seat: 0 }, picked: null };
  var UNDO_KEPT = 100;
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
  function random() {  // mulberry32, its state kept in G.S.rng
    var t = (G.S.rng = (G.S.rng + 0x6D2B79F5) >>> 0);
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
    var claims = {}, pieces = {}, tokens = {};  // the boards' inked cells, the pieces' cells, the pools
    T.boards.forEach(function (b) { claims[b.id] = {}; });
    T.pieces.forEach(function (p) { pieces[p.id] = p.cell === null ? null : { board: p.board, cell: p.cell }; });
    T.tokens.forEach(function (t) { tokens[t.id] = t.count; });
    return {
      seed: seed, rng: hashSeed(seed), shuffles: 0, piles: piles,
      hands: T.seats.map(function () { return []; }), play: [], down: {},
      counters: counters, dice: dice, claims: claims, pieces: pieces, tokens: tokens
    };
  }
  function save() {
    try {
      localStorage.setItem(T.key, JSON.stringify({ S: G.S, undo: G.undo.slice(-UNDO_KEPT), view: G.view }));
    } catch (e) { /* storage full or refused: the table still plays */ }
  }
  function load() {
    var urlSeed = params.get("seed");
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(T.key) || "null"); } catch (e) { kept = null; }
    if (kept && kept.S && (urlSeed === null || urlSeed === kept.S.seed)) {
      G.S = kept.S; G.undo = kept.undo || []; G.view = kept.view || { seat: 0 };
    } else {
      G.S = fresh(urlSeed || T.seed); G.undo = []; G.view = { seat: 0 };
    }
  }

  /* -- words -- */
  function seatName(n) { return T.seats[n].label; }
  function cardName(copy) { return T.cards[cardOf[copy]].name; }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  /* -- actions: each one undoable -- */
  function act(fn) {
    var before = JSON.stringify(G.S);
    var said = fn();
    if (said === null || said === undefined) { return; }  // nothing changed
    G.undo.push(before);
    if (G.undo.length > UNDO_KEPT) { G.undo.shift(); }
    G.picked = null;
    save();
    hooks.done(said);
  }
  function where(place) {  // a place: {pile: id} | {hand: n} | {play: true} -> its card list
    if (place.pile !== undefined) { return G.S.piles[place.pile].cards; }
    if (place.hand !== undefined) { return G.S.hands[place.hand]; }
    return G.S.play;
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
        var cards = G.S.piles[id].cards;
        for (var i = cards.length - 1; i > 0; i--) {
          var j = Math.floor(random() * (i + 1));
          var kept = cards[i]; cards[i] = cards[j]; cards[j] = kept;
        }
        G.S.shuffles += 1;
        return "Shuffled " + pileLabel(id) + " (seed " + G.S.seed + ", shuffle " + G.S.shuffles + ")";
      });
    },
    draw: function (id, seat) {
      return act(function () {
        var cards = G.S.piles[id].cards;
        if (!cards.length) { return null; }
        G.S.hands[seat].push(cards.shift());
        return seatName(seat) + " drew a card from " + pileLabel(id);
      });
    },
    deal: function (id, each) {
      return act(function () {
        var cards = G.S.piles[id].cards, given = 0;
        for (var round = 0; round < each; round++) {
          for (var seat = 0; seat < T.seats.length && cards.length; seat++) {
            G.S.hands[seat].push(cards.shift()); given++;
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
          var pile = seat.draw_pile && G.S.piles[seat.draw_pile];
          for (var k = 0; pile && k < seat.hand && pile.cards.length; k++) {
            G.S.hands[seat.number].push(pile.cards.shift()); drawn++;
          }
        });
        return drawn ? "Each player drew their opening hand" : null;
      });
    },
    playTop: function (id, seat) {
      return act(function () {
        var cards = G.S.piles[id].cards;
        if (!cards.length) { return null; }
        var copy = cards.shift();
        G.S.play.push(copy); delete G.S.down[copy];
        return seatName(seat) + " turned " + cardName(copy) + " from " + pileLabel(id) + " onto the table";
      });
    },
    flipPile: function (id) {
      return act(function () {
        var pile = G.S.piles[id];
        pile.up = !pile.up; pile.cards.reverse();
        return "Turned " + pileLabel(id) + " over: face " + (pile.up ? "up" : "down");
      });
    },
    play: function (seat, copy) {
      return act(function () {
        var hand = G.S.hands[seat], at = hand.indexOf(copy);
        if (at < 0) { return null; }
        hand.splice(at, 1); G.S.play.push(copy); delete G.S.down[copy];
        return seatName(seat) + " played " + cardName(copy);
      });
    },
    flipCard: function (copy) {
      return act(function () {
        if (G.S.play.indexOf(copy) < 0) { return null; }
        if (G.S.down[copy]) { delete G.S.down[copy]; } else { G.S.down[copy] = true; }
        return (G.S.down[copy] ? "Turned a card face down" : "Turned " + cardName(copy) + " face up");
      });
    },
    move: function (from, copy, to) {
      return act(function () {
        var source = where(from), at = source.indexOf(copy);
        if (at < 0) { return null; }
        source.splice(at, 1);
        var target = where(to);
        if (to.pile !== undefined) { target.unshift(copy); } else { target.push(copy); }
        if (to.play) { delete G.S.down[copy]; }
        var shown = to.hand !== undefined || (to.pile !== undefined && G.S.piles[to.pile].up) || to.play;
        return "Moved " + (shown && (to.hand === undefined || to.hand === G.view.seat) ? cardName(copy) : "a card") +
          " from " + placeName(from) + " to " + placeName(to);
      });
    },
    count: function (id, step) {
      return act(function () {
        var c = T.counters.filter(function (k) { return k.id === id; })[0];
        var value = G.S.counters[id] + step;
        if ((c.min !== null && value < c.min) || (c.max !== null && value > c.max)) { return null; }
        G.S.counters[id] = value;
        return c.holder + "'s " + c.label + ": " + value;
      });
    },
    roll: function (ids) {
      return act(function () {
        var shown = ids.map(function (id) {
          var die = T.dice.filter(function (d) { return d.id === id; })[0];
          G.S.dice[id] = Math.floor(random() * die.faces.length);
          return die.faces[G.S.dice[id]];
        });
        var die = T.dice.filter(function (d) { return d.id === ids[0]; })[0];
        return die.holder + " rolled " + shown.join(" and ");
      });
    },
    undo: function () {
      if (!G.undo.length) { hooks.say("Nothing to undo"); return; }
      G.S = JSON.parse(G.undo.pop()); G.picked = null; save(); hooks.done("Undone");
    },
    reset: function (seed) {
      act(function () {
        G.S = fresh(seed || T.seed);
        return "New game, seed " + G.S.seed;
      });
    },
    seat: function (n) {
      G.view.seat = n; G.picked = null; save();
      hooks.done(seatName(n) + "'s turn: the other hands are hidden");
    }
  };
  G.A = A; G.act = act; G.load = load; G.save = save; G.cardOf = cardOf; G.pileOf = pileOf;
  G.seatName = seatName; G.cardName = cardName; G.plural = plural; G.pileLabel = pileLabel;
  G.placeName = placeName;
  return G;
}
