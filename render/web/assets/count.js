// bjchart's counting drill: the cards are shown one at a time at the
// speed the page gives, then hidden, and the answer's field takes the
// focus. Without the script every card shows at once.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  // A session the page gave a fresh seed: its address with the seed, so
  // that a reload shows the same cards and the address shares them.
  var main = document.querySelector("main[data-address]");
  if (main && window.history && history.replaceState) {
    history.replaceState(null, "", main.getAttribute("data-address"));
  }
  var shown = document.getElementById("shown");
  if (!shown) {
    return;
  }
  var cards = Array.prototype.slice.call(shown.querySelectorAll(".card"));
  var speed = parseFloat(shown.getAttribute("data-speed")) || 2;
  var form = document.getElementById("answer");
  cards.forEach(function (c) { c.hidden = true; });
  form.hidden = true;
  var i = 0;
  var next = function () {
    if (i > 0) {
      cards[i - 1].hidden = true;
    }
    if (i === cards.length) {
      shown.textContent = "Done: " + cards.length + " cards.";
      form.hidden = false;
      document.getElementById("rc").focus();
      return;
    }
    cards[i].hidden = false;
    i++;
    setTimeout(next, 1000 / speed);
  };
  next();
});
