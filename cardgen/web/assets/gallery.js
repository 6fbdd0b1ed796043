// cardgen proof gallery: filters, search and front/back toggles. No network, no framework.
(function () {
  "use strict";
  var cards = Array.prototype.slice.call(document.querySelectorAll("#grid .card"));
  var search = document.getElementById("search");
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-field]"));
  var onlyFindings = document.getElementById("only-findings");
  var flipAll = document.getElementById("flip-all");
  var reset = document.getElementById("reset");
  var count = document.getElementById("count");
  var empty = document.getElementById("empty");
  var showingBacks = false;

  function apply() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    cards.forEach(function (card) {
      var haystack = card.getAttribute("data-search") || "";
      var ok = words.every(function (word) { return haystack.indexOf(word) !== -1; });
      selects.forEach(function (select) {
        if (ok && select.value !== "" &&
            card.getAttribute("data-f-" + select.getAttribute("data-field")) !== select.value) {
          ok = false;
        }
      });
      if (ok && onlyFindings && onlyFindings.checked && card.getAttribute("data-findings") === "0") {
        ok = false;
      }
      card.hidden = !ok;
      if (ok) { shown += 1; }
    });
    count.textContent = shown + " of " + cards.length + " cards";
    empty.hidden = shown !== 0;
  }

  function setFlipped(card, flipped) {
    card.classList.toggle("flipped", flipped);
    var button = card.querySelector(".face");
    if (button) { button.setAttribute("aria-pressed", flipped ? "true" : "false"); }
  }

  cards.forEach(function (card) {
    var button = card.querySelector(".face");
    if (button) {
      button.addEventListener("click", function () {
        setFlipped(card, !card.classList.contains("flipped"));
      });
    }
  });
  flipAll.addEventListener("click", function () {
    showingBacks = !showingBacks;
    cards.forEach(function (card) { setFlipped(card, showingBacks); });
    flipAll.textContent = showingBacks ? "Show fronts" : "Show backs";
    flipAll.setAttribute("aria-pressed", showingBacks ? "true" : "false");
  });
  search.addEventListener("input", apply);
  // The toolbar is a form only so that it reads as a search: it is never submitted (Enter in
  // the search box would reload the page). A listener, not an inline onsubmit: the served
  // page's Content-Security-Policy allows no inline handler.
  if (search.form) {
    search.form.addEventListener("submit", function (event) { event.preventDefault(); });
  }
  selects.forEach(function (select) { select.addEventListener("change", apply); });
  if (onlyFindings) { onlyFindings.addEventListener("change", apply); }
  reset.addEventListener("click", function () {
    search.value = "";
    selects.forEach(function (select) { select.value = ""; });
    if (onlyFindings) { onlyFindings.checked = false; }
    apply();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "/" && document.activeElement !== search) {
      event.preventDefault();
      search.focus();
    }
  });
  apply();
  // For the benchmarks (benchmarks/browser.py): the moment the filters work.
  if (window.performance && performance.mark) { performance.mark("cardgen-gallery-ready"); }
}());
