// Sorting and filtering of the registrations, without a server. The view lives in the
// address's fragment (#sort=problems&dir=desc&q=ann&verdict=illegal), so a view can be
// bookmarked or shared; every control rewrites the fragment, and one function applies
// it. Text is compared as text: nothing from the page or the address is ever
// parsed as HTML.
(function () {
  "use strict";
  var table = document.getElementById("decks");
  if (!table) { return; }
  var filter = document.getElementById("filter");
  var verdict = document.getElementById("verdict");
  var shown = document.getElementById("shown");
  var buttons = table.querySelectorAll("th button[data-sort]");
  var rows = Array.prototype.slice.call(table.tBodies);
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  // Find compares as the sort does, accents and case aside: an organiser types `jose` for
  // José Núñez, `oystein` for Øystein, and an input method's full-width `ｚｏｅ` for Zoë
  // (compatibility forms decomposed, Latin accents dropped, the letters that do not
  // decompose spelled out). Kana keep their voicing marks: デ is not テ.
  var LETTERS = { "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "ı": "i" };
  function folded(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[æœøßłđı]/g, function (letter) { return LETTERS[letter]; });
  }
  var text = rows.map(function (row) { return folded(row.textContent); });
  // Each row's seat (its Team cell's `seat A`): sorted by team, a team's rows follow their
  // seats, A, B, C, as the pairings seat them, not the manifest's order; a seat that is no
  // letter after them, a member without one last. Kept as a key: "0 A", "1 Seat 2", "2".
  var seats = new Map(rows.map(function (row) {
    var cell = row.querySelector(".seat");
    var seat = cell ? cell.textContent.replace(/^seat /, "") : "";
    return [row, !seat ? "2" : (/^[ABC]$/.test(seat) ? "0 " : "1 ") + seat];
  }));
  // The order the rows stand in (the page writes them in registration order). They are
  // moved only when the sort changes: sorting and moving every row again at each letter
  // typed in Find cost a 2,500-player page a relayout of the whole table a keystroke.
  var ordered = "order:asc";

  function readState() {
    var state = { sort: "order", dir: "asc", q: "", verdict: "" };
    var params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    ["sort", "dir", "q", "verdict"].forEach(function (key) {
      if (params.has(key)) { state[key] = params.get(key); }
    });
    return state;
  }

  function writeState(state) {
    var params = new URLSearchParams();
    Object.keys(state).forEach(function (key) { if (state[key]) { params.set(key, state[key]); } });
    window.history.replaceState(null, "", "#" + params.toString());
    apply();
  }

  function value(row, key) {
    if (key === "order" || key === "problems") { return Number(row.dataset[key]) || 0; }
    return row.dataset[key] || "";
  }

  function apply() {
    var state = readState();
    var key = ["player", "team", "deck", "verdict", "problems"].indexOf(state.sort) >= 0 ? state.sort : "order";
    var sign = state.dir === "desc" ? -1 : 1;
    var order = key + ":" + (sign < 0 ? "desc" : "asc");
    if (order !== ordered) {
      var sorted = rows.slice().sort(function (a, b) {
        var x = value(a, key), y = value(b, key);
        var by = typeof x === "number" ? x - y : collator.compare(x, y);
        // Seats order the rows of one team only: rows without a team stay in manifest order.
        var seat = key === "team" && x ? collator.compare(seats.get(a), seats.get(b)) : 0;
        return sign * by || seat || value(a, "order") - value(b, "order");
      });
      sorted.forEach(function (row) { table.appendChild(row); });
      ordered = order;
    }
    var query = folded(state.q);
    var visible = 0;
    rows.forEach(function (row, index) {
      var show = (!query || text[index].indexOf(query) >= 0) && (!state.verdict || row.dataset.verdict === state.verdict);
      row.hidden = !show;
      if (show) { visible += 1; }
    });
    shown.textContent = visible + " of " + rows.length + " shown";
    // Printed, the controls of a filtered view stay (event.css): they say what the list holds.
    document.body.toggleAttribute("data-filtered", visible < rows.length);
    if (filter.value !== state.q) { filter.value = state.q; }
    verdict.value = state.verdict;
    Array.prototype.forEach.call(buttons, function (button) {
      var active = button.dataset.sort === key;
      // aria-sort is the column header's (ARIA gives it to no button), so a screen reader
      // says which column the table is sorted by; the button stays the control. One header
      // at a time holds it, as ARIA asks.
      if (active) {
        button.parentNode.setAttribute("aria-sort", sign < 0 ? "descending" : "ascending");
      } else {
        button.parentNode.removeAttribute("aria-sort");
      }
    });
    document.body.dataset.sort = order;
  }

  Array.prototype.forEach.call(buttons, function (button) {
    button.addEventListener("click", function () {
      var state = readState();
      state.dir = state.sort === button.dataset.sort && state.dir === "asc" ? "desc" : "asc";
      state.sort = button.dataset.sort;
      writeState(state);
    });
  });
  filter.addEventListener("input", function () { var state = readState(); state.q = filter.value; writeState(state); });
  verdict.addEventListener("change", function () { var state = readState(); state.verdict = verdict.value; writeState(state); });
  window.addEventListener("hashchange", apply);
  // Printed, each deck-check pick shows its deck: event.css opens them where the browser
  // styles ::details-content; elsewhere they are opened for the print and closed after.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll("details.pick"), function (pick) { return !pick.open; });
    opened.forEach(function (pick) { pick.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (pick) { pick.open = false; });
    opened = [];
  });
  apply();
}());
