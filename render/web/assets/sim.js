// bjchart's simulation page: run the simulation the page names and show
// its progress, then its report.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  // A ramp bets by the count: without one (a flat bet) the ramp is not
  // sent, rather than refused.
  var count = document.getElementById("count");
  var ramp = document.getElementById("ramp");
  if (count && ramp) {
    var sync = function () {
      ramp.disabled = count.value === "";
    };
    count.addEventListener("change", sync);
    sync();
  }
  var bar = document.getElementById("bar");
  if (!bar) {
    return;
  }
  var pct = document.getElementById("pct");
  var result = document.getElementById("result");
  var events = new EventSource(bar.getAttribute("data-stream"));
  events.addEventListener("queued", function (ev) {
    pct.textContent = ev.data; // where the job stands in the line for the one long job's slot
  });
  events.addEventListener("progress", function (ev) {
    bar.value = parseFloat(ev.data);
    pct.textContent = Math.round(100 * bar.value) + "%";
  });
  events.addEventListener("chart", function (ev) {
    // The index plays in their cells: HTML the server's template made.
    var chart = document.getElementById("job-chart");
    if (chart) {
      chart.innerHTML = ev.data;
      chart.hidden = false;
      // A tapped (or tabbed-to) cell says its index in full below the
      // tables: a phone shows no title on a tap.
      var detail = document.getElementById("index-detail");
      var show = function (ev) {
        var td = ev.target.closest("td[title]");
        if (td && detail) {
          detail.textContent = td.getAttribute("title");
        }
      };
      chart.addEventListener("click", show);
      chart.addEventListener("focusin", show);
    }
  });
  events.addEventListener("result", function (ev) {
    result.textContent = ev.data;
    events.close();
    // The text as a download: a phone shows the tables, not a box of text.
    var download = document.getElementById("result-download");
    if (download) {
      download.href = "data:text/plain;charset=utf-8," + encodeURIComponent(ev.data);
      download.hidden = false;
    }
    // What follows the job: the edge-by-count plot, the counter's cards.
    var plot = document.getElementById("plot");
    if (plot) {
      plot.src = plot.getAttribute("data-src");
      plot.hidden = false;
    }
    var cards = document.getElementById("cards");
    if (cards) {
      cards.hidden = false;
    }
  });
  // A failure shows where the progress was, not in the report's folded
  // box.
  var failed = function (text) {
    var box = document.getElementById("job-error");
    if (box) {
      box.textContent = text;
      box.hidden = false;
    }
    result.textContent = text;
    pct.textContent = "stopped";
  };
  var finished = false;
  events.addEventListener("result", function () { finished = true; });
  events.addEventListener("failed", function (ev) {
    finished = true;
    failed("bjchart: " + ev.data);
    events.close();
  });
  events.onerror = function () {
    events.close();
    if (!finished) {
      failed("The connection to the server ended before the job did: reload the page to run it again.");
    }
  };
});
