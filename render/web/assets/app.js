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
  // The heatmap's select switches the metric drawn.
  var metric = document.getElementById("metric");
  var heatmap = document.getElementById("heatmap");
  if (metric && heatmap) {
    metric.addEventListener("change", function () {
      heatmap.src = metric.getAttribute("data-heatmap") + encodeURIComponent(metric.value);
    });
  }
  var details = document.getElementById("details");
  if (!details) {
    return;
  }
  var show = function (ev) {
    var cell = ev.currentTarget;
    if (cell.getAttribute("data-info")) {
      details.textContent = cell.getAttribute("data-info");
      // The numbers at full precision, for programs reading the page.
      details.setAttribute("data-cell", cell.getAttribute("data-cell"));
      details.setAttribute("data-ev", cell.getAttribute("data-ev") || "{}");
    }
  };
  document.querySelectorAll("td[data-info]").forEach(function (td) {
    td.addEventListener("mouseenter", show);
    td.addEventListener("focus", show);
    td.addEventListener("click", show);
  });
});
