// bjchart's page: keep the rule selects in step with the rule string, and
// show a cell's numbers when it is pointed at, focused or tapped. The page
// works without it: the rule string is the form's one field.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("rules-form");
  var input = document.getElementById("rules");
  // A select replaces the tokens of its group in the rule string, keeps
  // every other token, and solves.
  document.querySelectorAll("select[data-pattern]").forEach(function (sel) {
    sel.addEventListener("change", function () {
      var re = new RegExp(sel.getAttribute("data-pattern"), "i");
      var tokens = input.value.split(/[\s,]+/).filter(function (t) { return t !== "" && !re.test(t); });
      if (sel.value !== "") {
        tokens.push(sel.value);
      }
      input.value = tokens.join(" ");
      form.submit();
    });
  });
  // A checkbox adds its token to the rule string or takes it out.
  document.querySelectorAll("input[data-token]").forEach(function (box) {
    box.addEventListener("change", function () {
      var token = box.getAttribute("data-token");
      var tokens = input.value.split(/[\s,]+/).filter(function (t) { return t !== "" && t.toUpperCase() !== token; });
      if (box.checked) {
        tokens.push(token);
      }
      input.value = tokens.join(" ");
      form.submit();
    });
  });
  // The heatmap's select shows its metric at once; a tapped (or
  // tabbed-to) cell says its value in full below the tables.
  var metric = document.getElementById("metric");
  var heatForm = document.getElementById("heat-form");
  if (metric && heatForm) {
    metric.addEventListener("change", function () { heatForm.submit(); });
  }
  var heatDetail = document.getElementById("heat-detail");
  if (heatDetail) {
    var showHeat = function (ev) {
      var td = ev.target.closest("table.heat td[title]");
      if (td) {
        heatDetail.textContent = td.getAttribute("title");
      }
    };
    document.addEventListener("click", showHeat);
    document.addEventListener("focusin", showHeat);
  }
  var details = document.getElementById("details");
  if (!details) {
    return;
  }
  // A cell's numbers open beside it, where the finger or pointer is: the
  // panel is moved under the cell (above it near the bottom of the
  // screen), kept inside the window; Esc or a tap elsewhere closes it.
  var anchor = function (cell) {
    details.classList.add("popover");
    var r = cell.getBoundingClientRect();
    var w = Math.min(details.offsetWidth, window.innerWidth - 16);
    var left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
    var top = r.bottom + 4;
    if (top + details.offsetHeight > window.innerHeight && r.top - details.offsetHeight - 4 > 0) {
      top = r.top - details.offsetHeight - 4;
    }
    details.style.left = (left + window.scrollX) + "px";
    details.style.top = (top + window.scrollY) + "px";
  };
  var show = function (ev) {
    var cell = ev.currentTarget;
    if (cell.getAttribute("data-info")) {
      details.textContent = cell.getAttribute("data-info");
      // The numbers at full precision, for programs reading the page.
      details.setAttribute("data-cell", cell.getAttribute("data-cell"));
      details.setAttribute("data-ev", cell.getAttribute("data-ev") || "{}");
      details.hidden = false;
      anchor(cell);
    }
  };
  var close = function () {
    details.classList.remove("popover");
    details.style.left = details.style.top = "";
  };
  document.querySelectorAll("td[data-info]").forEach(function (td) {
    td.addEventListener("mouseenter", show);
    td.addEventListener("focus", show);
    td.addEventListener("click", show);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") {
      close();
    }
  });
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest("td[data-info]") && !ev.target.closest("#details")) {
      close();
    }
  });
});
