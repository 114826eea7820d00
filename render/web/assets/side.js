// bjchart's side-bet page: a new bet is valued at once on its own default
// table (the pay tables are the bet's own), and the pay table's two
// fields stay in step: writing a table chooses "your own", choosing a
// published one clears what was written. The page works without it.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("side-form");
  var bet = document.getElementById("side-bet");
  var pays = document.getElementById("side-pays");
  var own = document.getElementById("side-own");
  if (!form || !bet || !pays || !own) {
    return;
  }
  bet.addEventListener("change", function () {
    // The old bet's table means nothing to the new one: send neither field.
    pays.disabled = true;
    own.disabled = true;
    var h17 = document.getElementById("side-h17");
    if (h17) {
      h17.disabled = true;
    }
    form.submit();
  });
  pays.addEventListener("change", function () {
    if (pays.value !== "own") {
      own.value = "";
    } else {
      own.focus();
    }
  });
  own.addEventListener("input", function () {
    if (own.value.trim() !== "") {
      pays.value = "own";
    }
  });
});
