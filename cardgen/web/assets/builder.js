// cardgen serve: the deck builder (/decks). The pool (GET /api/pool) listed with the
// gallery's filters (type, search), + and - on each card (+ stops at the card's copy limit
// where the game's rules set one), the deck list beside it. After each change the deck, as
// the deck-list text `cardgen validate` reads, is judged by the server (POST /api/validate:
// the same rules and messages) and its curve and odds shown (the deck report). Save writes
// decks/GAME/decks/NAME.txt (POST /api/decks; a file that exists is replaced only after
// asking), Download hands the same text to the browser under the same file name, Open
// loads a saved deck list.
// Keyboard: the pool is one stop of the Tab key (a roving tabindex: the arrow keys move
// through its cards, Enter or + adds one, - or Delete takes one out), and a skip link leads
// to the deck's name, so Save, Download and Open are a few keystrokes away at any size.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="cardgen-game"]');
  var game = meta ? meta.getAttribute("content") : "";
  var state = window.cardgenBuilder = { pool: [], counts: {}, verdicts: 0, verdict: null, saved: null };
  var list = document.getElementById("pool");
  var deckList = document.getElementById("deck-list");
  var search = document.getElementById("search");
  var typeSelect = document.getElementById("filter-type");
  var nameInput = document.getElementById("deck-name");
  var savedLine = document.getElementById("saved");
  var verdictBox = document.getElementById("verdict");
  var reportBox = document.getElementById("report");
  var openSelect = document.getElementById("open");
  var pending = null;
  var question = el("p", "save-question");
  question.id = "save-question";
  question.hidden = true;
  savedLine.parentNode.insertBefore(question, savedLine.nextSibling);

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    });
  }

  function deckText() {
    var lines = ["# game: " + game];
    state.pool.forEach(function (card) {
      var n = state.counts[card.name] || 0;
      if (n > 0) { lines.push(n + " " + card.name); }
    });
    return lines.join("\n") + "\n";
  }

  function total() {
    return Object.keys(state.counts).reduce(function (sum, name) { return sum + state.counts[name]; }, 0);
  }

  function setCount(name, n) {
    if (n > 0) { state.counts[name] = n; } else { delete state.counts[name]; }
    draw();
    check();
  }

  function applyFilters() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(list.children, function (li) {
      var haystack = li.getAttribute("data-search") || "";
      var ok = words.every(function (word) { return haystack.indexOf(word) !== -1; }) &&
        (typeSelect.value === "" || li.getAttribute("data-type") === typeSelect.value);
      li.hidden = !ok;
      if (ok) { shown += 1; }
    });
    document.getElementById("count").textContent = shown + " of " + state.pool.length + " cards";
    keepRover();
  }

  // The pool's roving tab stop: one card at a time has tabindex 0, the others -1.
  var rover = null;

  function shownCards() {
    return Array.prototype.filter.call(list.children, function (li) { return !li.hidden; });
  }

  function rove(li, focus) {
    if (rover && rover !== li) { rover.tabIndex = -1; }
    rover = li;
    if (!li) { return; }
    li.tabIndex = 0;
    if (focus) { li.focus(); }
  }

  function keepRover() {
    if (!rover || rover.hidden || !rover.isConnected) { rove(shownCards()[0] || null, false); }
  }

  function columns(shown) {
    var top = shown.length ? shown[0].offsetTop : 0;
    var n = 0;
    while (n < shown.length && shown[n].offsetTop === top) { n += 1; }
    return Math.max(n, 1);
  }

  function poolKey(event) {
    var li = event.target.closest ? event.target.closest(".pool-card") : null;
    if (!li || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var shown = shownCards();
    var at = shown.indexOf(li);
    var across = columns(shown);
    var steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: across, ArrowUp: -across,
      PageDown: 4 * across, PageUp: -4 * across, Home: -shown.length, End: shown.length };
    var card = state.pool[Array.prototype.indexOf.call(list.children, li)];
    var n = state.counts[card.name] || 0;
    if (event.key in steps) {
      rove(shown[Math.max(0, Math.min(shown.length - 1, at + steps[event.key]))], true);
    } else if (event.key === "Enter" || event.key === "+" || event.key === "=") {
      if (card.limit === null || n < card.limit) { setCount(card.name, n + 1); }
    } else if (event.key === "-" || event.key === "Delete" || event.key === "Backspace") {
      if (n > 0) { setCount(card.name, n - 1); }
    } else {
      return;
    }
    event.preventDefault();
  }

  function buttons(card, n) {
    var minus = el("button", "minus", "−");
    minus.type = "button";
    minus.setAttribute("aria-label", "Take one " + card.name + " out");
    minus.disabled = n === 0;
    minus.addEventListener("click", function () { setCount(card.name, (state.counts[card.name] || 0) - 1); });
    var plus = el("button", "plus", "+");
    plus.type = "button";
    plus.setAttribute("aria-label", "Add one " + card.name);
    plus.disabled = card.limit !== null && n >= card.limit;
    plus.title = card.limit !== null ? "at most " + card.limit + " in a deck" : "";
    plus.addEventListener("click", function () { setCount(card.name, (state.counts[card.name] || 0) + 1); });
    return [minus, plus];
  }

  function drawPool() {
    list.textContent = "";
    state.pool.forEach(function (card) {
      var li = el("li", "pool-card");
      li.tabIndex = -1;
      li.setAttribute("data-name", card.name);
      li.setAttribute("data-type", card.type);
      li.setAttribute("data-search", card.search);
      var img = el("img");
      img.src = card.image;
      img.alt = "";
      img.loading = "lazy";
      li.appendChild(img);
      var about = el("span", "about");
      about.appendChild(el("b", "name", card.name));
      about.appendChild(el("span", "type", card.type_label + (card.limit !== null ? " · max " + card.limit : "")));
      li.appendChild(about);
      var controls = el("span", "controls");
      li.appendChild(controls);
      list.appendChild(li);
    });
    applyFilters();
  }

  function draw() {
    Array.prototype.forEach.call(list.children, function (li) {
      var card = state.pool[Array.prototype.indexOf.call(list.children, li)];
      var n = state.counts[card.name] || 0;
      var controls = li.querySelector(".controls");
      controls.textContent = "";
      var parts = buttons(card, n);
      parts[0].tabIndex = -1;  // the card itself is the pool's tab stop (its keys add and take)
      parts[1].tabIndex = -1;
      controls.appendChild(parts[0]);
      controls.appendChild(el("span", "count", String(n)));
      controls.appendChild(parts[1]);
      li.classList.toggle("in-deck", n > 0);
      li.setAttribute("aria-label", card.name + ", " + card.type_label + ": " + n + " in the deck" +
        (card.limit !== null ? ", at most " + card.limit : ""));
    });
    deckList.textContent = "";
    state.pool.forEach(function (card) {
      var n = state.counts[card.name] || 0;
      if (n === 0) { return; }
      var li = el("li", "deck-card");
      li.setAttribute("data-name", card.name);
      var parts = buttons(card, n);
      li.appendChild(parts[0]);
      li.appendChild(el("span", "count", String(n)));
      li.appendChild(parts[1]);
      li.appendChild(el("span", "name", card.name));
      deckList.appendChild(li);
    });
    document.querySelector(".deck").setAttribute("data-cards", String(total()));
  }

  function showVerdict(answer) {
    verdictBox.textContent = "";
    state.verdict = answer;
    state.verdicts += 1;
    if (answer.errors && answer.errors.length) {
      verdictBox.className = "illegal";
      answer.errors.forEach(function (problem) { verdictBox.appendChild(el("p", "problem", problem.text)); });
      reportBox.textContent = "";
      return;
    }
    var deck = answer.deck;
    verdictBox.className = deck.legal ? "legal" : "illegal";
    verdictBox.appendChild(el("p", "headline", (deck.legal ? "Legal" : "Illegal") + ": " + deck.card_count + (deck.card_count === 1 ? " card" : " cards")));
    deck.violations.forEach(function (v, i) {
      // the line `cardgen validate` prints: the deck line, the rule and its section
      verdictBox.appendChild(el("p", "violation " + v.severity, answer.violation_lines[i]));
    });
    showReport(answer.report);
  }

  function showReport(report) {
    reportBox.textContent = "";
    if (!report) { return; }
    (report.counts || []).concat(report.distributions || []).forEach(function (chart) {
      var most = chart.values.reduce(function (m, v) { return Math.max(m, v.copies); }, 0) || 1;
      var box = el("div", "chart");
      box.appendChild(el("h3", "", chart.title + " (" + chart.copies + ")"));
      chart.values.forEach(function (value) {
        var row = el("div", "bar");
        row.appendChild(el("span", "label", value.label));
        var fill = el("span", "fill");
        fill.style.width = (100 * value.copies / most) + "%";
        row.appendChild(fill);
        row.appendChild(el("span", "n", String(value.copies)));
        box.appendChild(row);
      });
      reportBox.appendChild(box);
    });
    var draws = report.draws;
    if (draws && draws.rows && draws.rows.length) {
      var table = el("table", "odds");
      var head = el("tr");
      head.appendChild(el("th", "", "at least one by turn"));
      draws.turns.forEach(function (t) { head.appendChild(el("th", "", String(t))); });
      table.appendChild(head);
      draws.rows.forEach(function (row) {
        var tr = el("tr");
        tr.appendChild(el("th", "", row.label + " (" + row.copies + ")"));
        row.at_least_one_pct.forEach(function (p) { tr.appendChild(el("td", "", p + " %")); });
        table.appendChild(tr);
      });
      var box = el("div", "chart");
      box.appendChild(el("h3", "", "Odds: " + draws.pile + ", hand of " + draws.hand));
      box.appendChild(table);
      reportBox.appendChild(box);
    }
  }

  function check() {
    if (pending) { clearTimeout(pending); }
    pending = setTimeout(function () {
      pending = null;
      if (total() === 0) {
        verdictBox.className = "";
        verdictBox.textContent = "The deck is empty: add cards with +.";
        reportBox.textContent = "";
        return;
      }
      var text = deckText();
      post("/api/validate", { name: nameInput.value, text: text }).then(function (answer) {
        if (text !== deckText()) { return; }  // a newer change is on its way
        if (answer.data.error) { verdictBox.className = "illegal"; verdictBox.textContent = answer.data.error; return; }
        showVerdict(answer.data);
      });
    }, 120);
  }

  // Save: the server says first what the deck would be saved as and whether that file is
  // there already (POST /api/validate); a file that is there is replaced only when the
  // answer to the question shown under the buttons is "Replace it" (never a 409 unasked).
  function say(text) {
    question.hidden = true;
    savedLine.textContent = text;
  }

  function ask(path) {
    question.textContent = "";
    var replace = el("button", "replace", "Replace it");
    replace.type = "button";
    replace.addEventListener("click", function () { store(true, path); });
    var keep = el("button", "keep", "Keep it");
    keep.type = "button";
    keep.addEventListener("click", function () {
      say("Not saved: " + path + " already exists and was kept; choose another name.");
      nameInput.focus();
    });
    question.appendChild(replace);
    question.appendChild(keep);
    savedLine.textContent = path + " already exists: replace it, or keep it and choose another name.";
    question.hidden = false;
    state.asked = (state.asked || 0) + 1;
    replace.focus();
  }

  function store(overwrite, path) {
    return post("/api/decks", { name: nameInput.value, text: deckText(), overwrite: overwrite }).then(function (answer) {
      if (answer.status === 409 && !overwrite) { ask(path); return null; }  // made meanwhile
      if (answer.status !== 201) { say("Not saved: " + answer.data.error); return null; }
      state.saved = answer.data.saved;
      say("Saved as " + answer.data.saved);
      listDecks();
      return answer.data;
    });
  }

  function save() {
    return post("/api/validate", { name: nameInput.value, text: deckText() }).then(function (answer) {
      var data = answer.data;
      if (answer.status !== 200) { say("Not saved: " + data.error); return null; }
      if (data.errors && data.errors.length) { say("Not saved: " + data.errors[0].text); return null; }
      if (data.exists) { ask(data.path); return null; }
      return store(false, data.path);
    });
  }

  // Download: the same text, under the file name Save gives it (the server's, `file`).
  function download() {
    var text = deckText();
    return post("/api/validate", { name: nameInput.value, text: text }).then(function (answer) {
      if (answer.status !== 200) { say("Not downloaded: " + answer.data.error); return; }
      var link = el("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      link.download = answer.data.file;
      state.downloaded = link.download;
      document.body.appendChild(link);
      link.click();
      link.remove();
    });
  }

  function listDecks() {
    return fetch("/api/decks", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (data) {
      while (openSelect.options.length > 1) { openSelect.remove(1); }
      (data.decks || []).forEach(function (deck) {
        var option = el("option", "", deck.name);
        option.value = deck.name;
        openSelect.appendChild(option);
      });
    });
  }

  function openDeck(name) {
    fetch("/api/deck?name=" + encodeURIComponent(name), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        openSelect.value = "";
        if (data.error) { say(data.error); return; }
        state.counts = {};
        (data.cards || []).forEach(function (card) { state.counts[card.name] = card.count; });
        nameInput.value = data.name;
        draw();
        say("Opened " + data.path +
          ((data.unknown || []).length ? " (not in the pool: " + data.unknown.map(function (u) { return u.name; }).join(", ") + ")" : ""));
        showVerdict(data);
      });
  }

  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); });
  });
  document.getElementById("save").addEventListener("click", save);
  document.getElementById("download").addEventListener("click", download);
  document.getElementById("clear").addEventListener("click", function () { state.counts = {}; draw(); check(); });
  openSelect.addEventListener("change", function () { if (openSelect.value) { openDeck(openSelect.value); } });
  list.addEventListener("keydown", poolKey);
  list.addEventListener("focusin", function (event) {
    var li = event.target.closest ? event.target.closest(".pool-card") : null;
    if (li) { rove(li, false); }
  });
  document.querySelector("a.skip").addEventListener("click", function (event) {
    event.preventDefault();
    nameInput.focus();
  });
  search.addEventListener("input", applyFilters);
  typeSelect.addEventListener("change", applyFilters);

  fetch("/api/pool", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (data) {
    if (data.error) { verdictBox.textContent = data.error; return; }
    state.pool = data.cards;
    data.types.forEach(function (type) {
      var option = el("option", "", type.label);
      option.value = type.id;
      typeSelect.appendChild(option);
    });
    drawPool();
    draw();
    check();
    state.ready = true;
  });
  listDecks();
}());
