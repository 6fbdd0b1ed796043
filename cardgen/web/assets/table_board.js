/* cardgen playtest table: the boards, pieces and token pools. `cardgenTableBoard(T, G, ui)`
   draws each grid board of the setup `T` as an inline SVG grid (one tab stop; the arrow
   keys move between its cells, Enter picks up or puts down a piece, `i` inks the cell in
   your team's colour, `c` clears it) with a bar of buttons doing the same by pointer, and
   adds the actions (ink, move a piece, take or return a token) to table_play.js's `G`: the
   same undo stack, the same storage, the same announcements. `ui` is table.js's helpers. */
function cardgenTableBoard(T, G, ui) {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg", SIZE = 20, SQRT3 = Math.sqrt(3);
  var boards = {}, teams = {};
  T.teams.forEach(function (t) { teams[t.id] = t; });
  T.boards.forEach(function (b) {
    var rows = {}, cells = {};
    b.cells.forEach(function (c) { (rows[c.r] = rows[c.r] || []).push(c); cells[c.id] = c; });
    boards[b.id] = { board: b, cells: cells, rows: rows };
  });
  G.chosenPiece = null;

  /* -- words -- */
  function cellName(boardId, id) {  // "row 3, cell 4", counted as the rows are drawn
    var c = boards[boardId].cells[id], row = boards[boardId].rows[c.r];
    return "row " + (c.r + 1) + ", cell " + (row.indexOf(c) + 1);
  }
  function pieceName(p) { return p.holder + "'s " + p.label; }
  function pieceOf(id) { return T.pieces.filter(function (p) { return p.id === id; })[0]; }
  function piecesAt(boardId, id) {
    return T.pieces.filter(function (p) {
      var at = G.S.pieces[p.id];
      return at && at.board === boardId && at.cell === id;
    });
  }
  function myTeam() {
    var t = T.teams.filter(function (team) { return team.seats.indexOf(G.view.seat) >= 0; })[0];
    return t ? t.id : (T.teams.length ? T.teams[0].id : null);
  }
  function tally(boardId) {
    var counts = {};
    T.teams.forEach(function (t) { counts[t.id] = 0; });
    Object.keys(G.S.claims[boardId]).forEach(function (id) { counts[G.S.claims[boardId][id]] += 1; });
    return T.teams.map(function (t) { return t.label + " " + counts[t.id]; }).join(", ");
  }

  /* -- actions: each one undoable, kept and announced as the card actions are -- */
  G.A.ink = function (boardId, id, team) {
    return G.act(function () {
      var claims = G.S.claims[boardId], cell = boards[boardId].cells[id];
      if ((claims[id] || null) === team || (team !== null && !cell.claims[team])) { return null; }
      if (team === null) { delete claims[id]; } else { claims[id] = team; }
      var who = T.seats[G.view.seat].label;
      return team === null ? who + " cleared " + cellName(boardId, id) + " of " + boards[boardId].board.label :
        who + " inked " + cellName(boardId, id) + " of " + boards[boardId].board.label + " " + teams[team].label +
        " (inked: " + tally(boardId) + ")";
    });
  };
  G.A.movePiece = function (pieceId, boardId, id) {
    return G.act(function () {
      var at = G.S.pieces[pieceId], cell = boards[boardId].cells[id];
      if (cell.height === null || (at && at.board === boardId && at.cell === id)) { return null; }
      G.S.pieces[pieceId] = { board: boardId, cell: id };
      return pieceName(pieceOf(pieceId)) + " moved to " + cellName(boardId, id);
    });
  };
  G.A.token = function (id, step) {
    return G.act(function () {
      var pool = T.tokens.filter(function (t) { return t.id === id; })[0], value = G.S.tokens[id] + step;
      if (value < 0) { return null; }
      G.S.tokens[id] = value;
      return pool.holder + "'s " + pool.label + ": " + value;
    });
  };

  /* -- choosing a cell and a piece -- */
  function cursor(boardId) {
    var id = cursors()[boardId];
    if (boards[boardId].cells[id]) { return id; }
    var mine = T.pieces.filter(function (p) {  // at first: the current player's piece, else the first cell
      var at = G.S.pieces[p.id];
      return p.owner === G.view.seat && at && at.board === boardId;
    })[0];
    return mine ? G.S.pieces[mine.id].cell : boards[boardId].board.cells[0].id;
  }
  function cursors() { G.view.cursor = G.view.cursor || {}; return G.view.cursor; }
  function onCell(boardId, id) {  // a click or Enter: put the chosen piece here, else pick one up
    cursors()[boardId] = id;
    if (G.chosenPiece !== null) {
      var moving = G.chosenPiece, at = G.S.pieces[moving];
      if (boards[boardId].cells[id].height === null) {
        ui.render(); ui.announce("No piece may stand on " + cellName(boardId, id)); return;
      }
      G.chosenPiece = null;
      if (at && at.board === boardId && at.cell === id) { ui.render(); ui.announce("Nothing chosen"); return; }
      G.A.movePiece(moving, boardId, id); return;
    }
    var here = piecesAt(boardId, id), mine = here.filter(function (p) { return p.owner === G.view.seat; });
    if (here.length) { choose((mine[0] || here[0]).id); return; }
    ui.render();
    ui.announce(cellDescription(boardId, id));
  }
  function choose(pieceId) {
    G.chosenPiece = G.chosenPiece === pieceId ? null : pieceId;
    ui.render();
    ui.announce(G.chosenPiece === null ? "Nothing chosen" :
      "Chose " + pieceName(pieceOf(pieceId)) + ": choose the cell it goes to, or Escape");
  }
  function cellDescription(boardId, id) {
    var c = boards[boardId].cells[id], claim = G.S.claims[boardId][id];
    var words = [cellName(boardId, id), c.label + (c.team ? " (" + teams[c.team].label + " spawn)" : "")];
    if (claim) { words.push("inked " + teams[claim].label); }
    if (c.height === null) { words.push("no piece may stand here"); }
    piecesAt(boardId, id).forEach(function (p) { words.push(pieceName(p) + (G.chosenPiece === p.id ? ", chosen" : "")); });
    return words.join(", ");
  }
  function step(boardId, id, key) {  // the cell an arrow key leads to: along the row, or the nearest above/below
    var b = boards[boardId], c = b.cells[id], x = where(b.board, c)[0];
    if (key === "ArrowLeft" || key === "ArrowRight") {
      var row = b.rows[c.r], at = row.indexOf(c) + (key === "ArrowLeft" ? -1 : 1);
      return row[at] ? row[at].id : id;
    }
    var next = b.rows[c.r + (key === "ArrowUp" ? -1 : 1)];
    if (!next) { return id; }
    var best = next[0];
    next.forEach(function (n) {  // ties: up goes left, down goes right, so up then down comes back
      var gap = Math.abs(where(b.board, n)[0] - x), was = Math.abs(where(b.board, best)[0] - x);
      if (gap < was - 0.01 || (Math.abs(gap - was) < 0.01 && key === "ArrowDown" && where(b.board, n)[0] > x)) { best = n; }
    });
    return best.id;
  }

  /* -- drawing -- */
  function where(board, c) {
    return board.grid === "hex" ? [SQRT3 * SIZE * (c.q + c.r / 2), 1.5 * SIZE * c.r] : [2 * SIZE * c.q, 2 * SIZE * c.r];
  }
  function shape(board, x, y) {
    var points = [];
    for (var k = 0; k < (board.grid === "hex" ? 6 : 4); k++) {
      var angle = board.grid === "hex" ? Math.PI / 180 * (60 * k - 30) : Math.PI / 180 * (90 * k + 45);
      var reach = board.grid === "hex" ? SIZE : SIZE * Math.SQRT2;
      points.push((x + reach * Math.cos(angle)).toFixed(2) + "," + (y + reach * Math.sin(angle)).toFixed(2));
    }
    var node = document.createElementNS(SVG, "polygon");
    node.setAttribute("points", points.join(" "));
    return node;
  }
  function inkOn(color) {  // black or white, whichever reads better on `color` (#rrggbb)
    var lum = [1, 3, 5].map(function (k) {
      var v = parseInt(color.substr(k, 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2] > 0.18 ? "#111111" : "#ffffff";
  }
  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }
  function cellNode(boardId, c, chosen) {
    var board = boards[boardId].board, xy = where(board, c), claim = G.S.claims[boardId][c.id];
    var group = svg("g", { role: "gridcell", id: "cell-" + boardId + "-" + c.id, "class": "cell" + (chosen ? " at" : "") });
    group.dataset.cell = c.id;
    group.setAttribute("aria-label", cellDescription(boardId, c.id));
    var tile = shape(board, xy[0], xy[1]);
    tile.setAttribute("fill", claim ? c.claims[claim] : c.fill);
    group.appendChild(tile);
    if (c.ring) { group.appendChild(svg("circle", { cx: xy[0], cy: xy[1], r: SIZE * 0.55, fill: "none", stroke: c.ring, "stroke-width": 3 })); }
    piecesAt(boardId, c.id).forEach(function (p, k, all) {
      var dx = all.length > 1 ? (k - (all.length - 1) / 2) * SIZE * 0.5 : 0;
      group.appendChild(svg("circle", { cx: xy[0] + dx, cy: xy[1], r: SIZE * 0.42, fill: p.color,
        "class": "piece" + (G.chosenPiece === p.id ? " chosen" : "") }));
      var mark = svg("text", { x: xy[0] + dx, y: xy[1] + 4, "class": "piece-mark", fill: inkOn(p.color) });
      mark.textContent = p.owner === null ? p.holder.charAt(0) : String(p.owner + 1);
      group.appendChild(mark);
    });
    group.addEventListener("click", function () { onCell(boardId, c.id); });
    return group;
  }
  function boardView(boardId) {
    var b = boards[boardId], board = b.board, here = cursor(boardId);
    var box = ui.el("section", "board");
    box.setAttribute("aria-labelledby", "board-name-" + boardId);
    var head = ui.el("h3", "", board.label + ": inked " + tally(boardId));
    head.id = "board-name-" + boardId;
    box.appendChild(head);
    var xs = board.cells.map(function (c) { return where(board, c); });
    var left = Math.min.apply(null, xs.map(function (p) { return p[0]; })) - SIZE * 1.5;
    var top = Math.min.apply(null, xs.map(function (p) { return p[1]; })) - SIZE * 1.5;
    var width = Math.max.apply(null, xs.map(function (p) { return p[0]; })) - left + SIZE * 1.5;
    var height = Math.max.apply(null, xs.map(function (p) { return p[1]; })) - top + SIZE * 1.5;
    var grid = svg("svg", { role: "grid", tabindex: "0", viewBox: [left, top, width, height].map(function (v) { return v.toFixed(2); }).join(" "),
      width: Math.round(width), height: Math.round(height), "aria-activedescendant": "cell-" + boardId + "-" + here,
      "aria-label": board.label + ": arrow keys move between cells, Enter picks up or puts down a piece, i inks, c clears" });
    grid.dataset.k = "board:" + boardId;
    grid.dataset.board = boardId;
    Object.keys(b.rows).sort(function (x, y) { return x - y; }).forEach(function (r) {
      var row = svg("g", { role: "row" });
      b.rows[r].forEach(function (c) { row.appendChild(cellNode(boardId, c, c.id === here)); });
      grid.appendChild(row);
    });
    grid.addEventListener("keydown", function (event) { keys(event, boardId); });
    box.appendChild(grid);
    box.appendChild(boardTools(boardId, here));
    return box;
  }
  function boardTools(boardId, here) {
    var tools = ui.el("div", "tools"), c = boards[boardId].cells[here];
    var shown = ui.el("p", "cell-shown", cellDescription(boardId, here));
    shown.id = "cell-shown-" + boardId;
    tools.appendChild(shown);
    T.teams.forEach(function (t) {
      var ink = ui.button("Ink " + t.label, "ink:" + boardId + ":" + t.id, function () { G.A.ink(boardId, here, t.id); });
      ink.disabled = !c.claims[t.id];
      ink.setAttribute("aria-label", "Ink " + cellName(boardId, here) + " " + t.label);
      tools.appendChild(ink);
    });
    var clear = ui.button("Clear", "clear:" + boardId, function () { G.A.ink(boardId, here, null); });
    clear.setAttribute("aria-label", "Clear " + cellName(boardId, here));
    clear.disabled = !G.S.claims[boardId][here];
    tools.appendChild(clear);
    T.pieces.forEach(function (p) {
      var pick = ui.button(pieceName(p), "piece:" + p.id, function () { choose(p.id); }, "piece-button");
      pick.setAttribute("aria-pressed", G.chosenPiece === p.id ? "true" : "false");
      pick.style.setProperty("--piece", p.color);
      tools.appendChild(pick);
    });
    return tools;
  }
  function keys(event, boardId) {
    var here = cursor(boardId), key = event.key;
    if (/^Arrow(Left|Right|Up|Down)$/.test(key)) {
      cursors()[boardId] = step(boardId, here, key);
      ui.render(); ui.announce(cellDescription(boardId, cursors()[boardId]));
    } else if (key === "Enter" || key === " ") {
      onCell(boardId, here);
    } else if (key === "i" && !event.ctrlKey && myTeam() !== null) {
      G.A.ink(boardId, here, myTeam());
    } else if (key === "c" && !event.ctrlKey) {
      G.A.ink(boardId, here, null);
    } else if (key === "Escape" && G.chosenPiece !== null) {
      G.chosenPiece = null; ui.render(); ui.announce("Nothing chosen");
    } else {
      return;
    }
    event.preventDefault(); event.stopPropagation();
  }
  function tokensView(owner, team, box) {  // the pools of `owner` (a seat) or `team`, added to `box`
    T.tokens.filter(function (t) { return t.owner === owner && t.team === team; }).forEach(function (t) {
      var item = ui.el("div", "counter");
      item.appendChild(ui.el("span", "", t.holder + "'s " + t.label + ": "));
      item.appendChild(ui.el("output", "", String(G.S.tokens[t.id])));
      var take = ui.button("−", "token-minus:" + t.id, function () { G.A.token(t.id, -1); });
      take.setAttribute("aria-label", "Take one " + t.label + " (" + t.holder + ")");
      var give = ui.button("+", "token-plus:" + t.id, function () { G.A.token(t.id, 1); });
      give.setAttribute("aria-label", "Return one " + t.label + " (" + t.holder + ")");
      item.appendChild(take); item.appendChild(give);
      box.appendChild(item);
    });
  }
  return {
    boards: function (owner) {
      return T.boards.filter(function (b) { return b.owner === owner; }).map(function (b) { return boardView(b.id); });
    },
    tokens: tokensView
  };
}
