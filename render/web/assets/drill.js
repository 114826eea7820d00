// bjchart's trainers: keys answer (H S D P R, I N for insurance, B deals
// at the table: each answer is a link, the page with the answer added; A
// opens the table's advice), and the chart drill's missed cells are
// remembered in this browser.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  // A session the page gave a fresh seed: its address with the seed, so
  // that a reload replays it and the address shares it.
  var main = document.querySelector("main[data-address]");
  if (main && window.history && history.replaceState) {
    history.replaceState(null, "", main.getAttribute("data-address"));
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) {
      return;
    }
    var key = ev.key.toUpperCase();
    var link = document.querySelector('a.answer[data-key="' + key + '"]');
    if (link) {
      ev.preventDefault();
      link.click();
      return;
    }
    var details = document.querySelector('details[data-key="' + key + '"]'); // the table's advice
    if (details) {
      ev.preventDefault();
      details.open = !details.open;
    }
  });
  if (!document.getElementById("missed")) {
    return; // a drill that keeps no missed cells (the index drill)
  }
  var store = "bjchart-drill-missed";
  var missed = {};
  try {
    missed = JSON.parse(localStorage.getItem(store) || "{}");
  } catch (e) {
    missed = {};
  }
  var last = document.getElementById("last");
  if (last && last.getAttribute("data-wrong") === "true" && !sessionStorage.getItem(location.href)) {
    var cell = last.getAttribute("data-cell");
    missed[cell] = (missed[cell] || 0) + 1;
    sessionStorage.setItem(location.href, "1"); // a reload counts once
    try {
      localStorage.setItem(store, JSON.stringify(missed));
    } catch (e) {}
  }
  // A new session brings the cells missed most back more often: the
  // start form and the link to another session carry them (review).
  var review = Object.keys(missed).sort(function (a, b) { return missed[b] - missed[a]; }).slice(0, 8).join(", ");
  var start = document.getElementById("start");
  if (start && review) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = "review";
    input.value = review;
    start.appendChild(input);
  }
  var again = document.getElementById("again");
  if (again && review) {
    var u = new URL(again.href);
    u.searchParams.set("review", review);
    again.href = u.toString();
  }
  var list = document.getElementById("missed");
  var show = function () {
    list.textContent = "";
    Object.keys(missed).sort(function (a, b) { return missed[b] - missed[a]; }).slice(0, 8).forEach(function (c) {
      var li = document.createElement("li");
      li.textContent = c + ": missed " + missed[c] + (missed[c] === 1 ? " time" : " times");
      list.appendChild(li);
    });
    // The misses on the chart: a row shown where it has a miss, each
    // cell its count, darker the more.
    var rows = 0;
    document.querySelectorAll("#miss-chart tbody tr").forEach(function (tr) {
      var any = false;
      tr.querySelectorAll("td[data-cell]").forEach(function (td) {
        var n = missed[td.getAttribute("data-cell")] || 0;
        td.textContent = n > 0 ? String(n) : "";
        td.className = n > 0 ? "miss-" + Math.min(n, 3) : "";
        any = any || n > 0;
      });
      tr.hidden = !any;
      rows += any ? 1 : 0;
    });
    var chart = document.getElementById("miss-chart");
    if (chart) {
      chart.hidden = rows === 0;
    }
  };
  show();
  document.getElementById("forget").addEventListener("click", function () {
    missed = {};
    try {
      localStorage.removeItem(store);
    } catch (e) {}
    show();
  });
});

// The index drill on a game whose indices are being worked out: the
// job's progress, then the drill (the page again, its key kept).
document.addEventListener("DOMContentLoaded", function () {
  var bar = document.getElementById("key-bar");
  if (!bar || typeof EventSource === "undefined") {
    return;
  }
  var pct = document.getElementById("key-pct");
  var events = new EventSource(bar.getAttribute("data-stream"));
  events.addEventListener("progress", function (ev) {
    bar.value = parseFloat(ev.data);
    pct.textContent = Math.round(100 * bar.value) + "%";
  });
  events.addEventListener("done", function () {
    events.close();
    pct.textContent = "done";
    location.reload();
  });
  var fail = function (text) {
    events.close();
    var box = document.getElementById("key-error");
    box.textContent = text;
    box.hidden = false;
    pct.textContent = "stopped";
  };
  events.addEventListener("failed", function (ev) {
    fail(ev.data);
  });
  events.onerror = function () {
    if (events.readyState === EventSource.CLOSED) {
      fail("the connection to the server ended; reload the page to try again");
    }
  };
});
