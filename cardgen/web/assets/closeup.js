// cardgen serve: a card up close. Served only by `cardgen serve`. Clicking a card's name
// (or the "Up close" button on it) opens an overlay at print size: 100 % is 96 CSS px per inch
// of the card (the image, drawn at the layout's dpi, is scaled to its size in inches), 2x
// doubles it; the bleed edge, the trim and the safe lines are drawn over it from the
// layout's values (GET /api/card?name=SLUG), the back beside it, the fields as a table,
// the file and line of the card's row, its notes. The address says #closeup=SLUG: the
// browser's back button and Escape close it. While open it follows the change feed and
// shows a changed image. While it is open the page behind it is inert and Tab and
// Shift+Tab go round the view's own controls; closed, focus goes back to the card's
// "Up close" button (the one it was opened from).
(function () {
  "use strict";
  var PX_PER_IN = 96;
  var SVG = "http://www.w3.org/2000/svg";
  var view = window.cardgenCloseup = { slug: null, zoom: 1, data: null, loads: 0 };
  var events = null;
  var opener = null;
  var FOCUSABLE = "button, input, select, a[href], [tabindex]:not([tabindex='-1'])";
  var root = document.createElement("div");
  root.id = "closeup";
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", "true");
  root.setAttribute("aria-labelledby", "closeup-title");
  root.hidden = true;
  root.innerHTML =
    '<div class="closeup-bar"><h2 id="closeup-title"></h2><span class="closeup-where"></span>' +
    '<button type="button" id="closeup-zoom" aria-pressed="false">2x</button>' +
    '<label><input type="checkbox" id="closeup-guides" checked> trim, bleed and safe lines</label>' +
    '<button type="button" id="closeup-close" aria-label="Close">Close</button></div>' +
    '<div class="closeup-body"><div class="closeup-sides"></div>' +
    '<div class="closeup-info"><p class="closeup-size"></p><ul class="closeup-legend">' +
    '<li class="bleed">bleed edge</li><li class="trim">trim</li><li class="safe">safe</li></ul>' +
    '<ul class="closeup-warnings"></ul><table class="closeup-fields"><thead><tr><th>Field</th>' +
    "<th>Value</th></tr></thead><tbody></tbody></table></div></div>";
  document.body.appendChild(root);
  var sides = root.querySelector(".closeup-sides");
  var zoom = document.getElementById("closeup-zoom");

  function slugOfImage(front) {
    return front.getAttribute("src").split("?")[0].replace(/^cards\//, "").replace(/\.png$/, "");
  }

  function slugOfHash() {
    var match = /^#closeup=([A-Za-z0-9._-]+)$/.exec(location.hash);
    return match ? match[1] : null;
  }

  function rect(x, y, w, h, kind) {
    var r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", x); r.setAttribute("y", y);
    r.setAttribute("width", w); r.setAttribute("height", h);
    r.setAttribute("class", "guide " + kind);
    r.setAttribute("vector-effect", "non-scaling-stroke");
    return r;
  }

  function side(image, label, data) {
    var figure = document.createElement("figure");
    figure.className = "closeup-side " + label.toLowerCase();
    var frame = document.createElement("div");
    frame.className = "closeup-frame";
    var width = data.image_in[0] * PX_PER_IN * view.zoom;
    var height = data.image_in[1] * PX_PER_IN * view.zoom;
    frame.style.width = width + "px";
    frame.style.height = height + "px";
    var img = document.createElement("img");
    img.src = image.url;
    img.alt = data.name + ": " + label.toLowerCase();
    img.style.width = width + "px";
    img.style.height = height + "px";
    frame.appendChild(img);
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "closeup-guides");
    svg.setAttribute("viewBox", "0 0 " + data.image_in[0] + " " + data.image_in[1]);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    var b = data.bleed_in, s = data.safe_in, t = data.trim_in;
    svg.appendChild(rect(0, 0, data.image_in[0], data.image_in[1], "bleed"));
    svg.appendChild(rect(b, b, t[0], t[1], "trim"));
    svg.appendChild(rect(b + s, b + s, Math.max(t[0] - 2 * s, 0), Math.max(t[1] - 2 * s, 0), "safe"));
    frame.appendChild(svg);
    figure.appendChild(frame);
    var caption = document.createElement("figcaption");
    caption.textContent = label;
    figure.appendChild(caption);
    return figure;
  }

  function text(value) {
    if (value === null || value === undefined) { return ""; }
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  }

  function draw() {
    var data = view.data;
    if (!data) { return; }
    document.getElementById("closeup-title").textContent = data.name;
    root.querySelector(".closeup-where").textContent =
      data.type_label + " · " + data.source.file + (data.source.line ? ":" + data.source.line : "");
    sides.textContent = "";
    sides.appendChild(side(data.front, "Front", data));
    if (data.back) { sides.appendChild(side(data.back, "Back", data)); }
    root.querySelector(".closeup-size").textContent =
      data.trim_mm[0] + " × " + data.trim_mm[1] + " mm (" + data.trim_in[0] + " × " +
      data.trim_in[1] + " in), bleed " + data.bleed_in + " in, safe " + data.safe_in +
      " in, " + data.dpi + " dpi, layout " + data.layout + "; shown at " + view.zoom * 100 + " %";
    var warnings = root.querySelector(".closeup-warnings");
    warnings.textContent = "";
    data.warnings.forEach(function (note) {
      var li = document.createElement("li");
      li.className = note.severity;
      var code = document.createElement("code");
      code.textContent = note.code;
      li.appendChild(code);
      li.appendChild(document.createTextNode(" " + note.message));
      warnings.appendChild(li);
    });
    var body = root.querySelector(".closeup-fields tbody");
    body.textContent = "";
    data.fields.forEach(function (row) {
      var tr = document.createElement("tr");
      var th = document.createElement("th");
      th.textContent = row.label;
      th.title = row.field;
      var td = document.createElement("td");
      td.textContent = text(row.value);
      tr.appendChild(th); tr.appendChild(td);
      body.appendChild(tr);
    });
    zoom.setAttribute("aria-pressed", view.zoom === 2 ? "true" : "false");
    zoom.textContent = view.zoom === 2 ? "100 %" : "2x";
  }

  function load(slug) {
    return fetch("/api/card?name=" + encodeURIComponent(slug), { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (view.slug !== slug) { return; }
        if (data.error) {
          view.data = null;
          document.getElementById("closeup-title").textContent = data.error;
          sides.textContent = "";
          return;
        }
        view.data = data;
        view.loads += 1;
        draw();
      });
  }

  function follow() {
    if (events) { return; }
    var since = window.cardgenLive ? window.cardgenLive.generation : 0;
    events = new EventSource("/api/events?since=" + since);
    events.addEventListener("build", function (message) {
      var data = JSON.parse(message.data);
      if (data.ok && view.slug) { load(view.slug); }
    });
  }

  // The page behind the view: inert while it is open (no focus, no clicks, not read out).
  function behind(inert) {
    Array.prototype.forEach.call(document.body.children, function (child) {
      if (child !== root && child.tagName !== "SCRIPT") { child.inert = inert; }
    });
  }

  // The card's "Up close" button: where focus goes back to when the view closes (the card
  // may have been replaced by a rebuild since: it is found again by its image's name).
  function cardButton(slug) {
    if (opener && opener.isConnected) { return opener; }
    var found = null;
    Array.prototype.forEach.call(document.querySelectorAll("#grid > .card"), function (card) {
      var front = card.querySelector(".front img");
      if (!found && front && slugOfImage(front) === slug) { found = card.querySelector(".closeup-open"); }
    });
    return found;
  }

  function show(slug) {
    var fresh = root.hidden;
    view.slug = slug;
    root.hidden = false;
    document.documentElement.classList.add("closeup-shown");
    behind(true);
    load(slug);
    follow();
    if (fresh) { document.getElementById("closeup-close").focus(); }
  }

  function hide() {
    var slug = view.slug;
    view.slug = null;
    view.data = null;
    root.hidden = true;
    document.documentElement.classList.remove("closeup-shown");
    behind(false);
    if (events) { events.close(); events = null; }
    var back = cardButton(slug);
    opener = null;
    if (back) { back.focus(); }
  }

  // Tab and Shift+Tab go round the view's controls: from the last to the first and back.
  function trap(event) {
    var stops = Array.prototype.filter.call(root.querySelectorAll(FOCUSABLE), function (node) {
      return !node.disabled && node.getClientRects().length > 0;
    });
    if (!stops.length) { event.preventDefault(); return; }
    var first = stops[0], last = stops[stops.length - 1];
    var at = document.activeElement;
    if (!root.contains(at) || (event.shiftKey && at === first) || (!event.shiftKey && at === last)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  }

  function open(slug) {
    if (slugOfHash() !== slug) { history.pushState({ closeup: slug }, "", "#closeup=" + slug); }
    show(slug);
  }

  function close() {
    if (history.state && history.state.closeup) { history.back(); return; }
    history.replaceState(null, "", location.pathname + location.search);
    hide();
  }

  function sync() {
    var slug = slugOfHash();
    if (slug) { show(slug); } else if (!root.hidden) { hide(); }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest(".closeup-open, #grid .card .meta h3 .name") : null;
    if (!target) { return; }
    var card = target.closest(".card");
    var front = card ? card.querySelector(".front img") : null;
    if (!front) { return; }
    event.preventDefault();
    opener = card.querySelector(":scope > .closeup-open");
    open(slugOfImage(front));
  });
  zoom.addEventListener("click", function () {
    view.zoom = view.zoom === 2 ? 1 : 2;
    draw();
  });
  document.getElementById("closeup-guides").addEventListener("change", function (event) {
    root.classList.toggle("no-guides", !event.target.checked);
  });
  document.getElementById("closeup-close").addEventListener("click", close);
  document.addEventListener("keydown", function (event) {
    if (root.hidden) { return; }
    if (event.key === "Escape") { event.preventDefault(); close(); }
    if (event.key === "Tab") { trap(event); }
  });
  window.addEventListener("popstate", sync);
  window.addEventListener("hashchange", sync);

  // The button is the card's own child, beside its .meta: live.js replaces a card's .meta
  // when the build changed it, and compares it whole, so it is left as the build made it.
  function buttons() {
    Array.prototype.forEach.call(document.querySelectorAll("#grid > .card"), function (card) {
      if (card.querySelector(":scope > .closeup-open")) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "closeup-open";
      button.title = "See the card up close, at print size";
      button.textContent = "Up close";
      card.appendChild(button);
    });
  }
  buttons();
  new MutationObserver(buttons).observe(document.querySelector("main") || document.body, {
    childList: true, subtree: true
  });
  sync();
}());
