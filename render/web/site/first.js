// bjchart's static site, the first frame: before the page is drawn, a
// page the host sent for another address (a new game's rules, a drill's
// answers) is marked as being worked out, dimmed and titled with what is
// asked for, so that the page the host had is never shown as the answer.
// It also holds how the shell keys an address (static.js uses it).
(function () {
  "use strict";

  // bjchartPaths: an address's path from the site's root (base taken
  // off, no trailing slash), and its key in pages.json (that path, the
  // query's fields by name).
  var paths = window.bjchartPaths = {
    rootPath: function (u, base) {
      var path = u.pathname;
      if (path.indexOf(base) === 0) {
        path = "/" + path.slice(base.length);
      }
      return path.replace(/\/+$/, "") || "/";
    },
    keyOf: function (u, base) {
      var path = paths.rootPath(u, base);
      var params = new URLSearchParams(u.search);
      params.sort();
      var q = params.toString();
      return q ? path + "?" + q : path;
    }
  };

  var page = document.querySelector('meta[name="bjchart-page"]');
  var baseMeta = document.querySelector('meta[name="bjchart-base"]');
  var u = new URL(location.href);
  if (!page || page.getAttribute("content") === paths.keyOf(u, baseMeta ? baseMeta.getAttribute("content") : "/")) {
    return;
  }
  var rules = new URLSearchParams(u.search).get("rules");
  document.documentElement.classList.add("bjchart-solving");
  document.title = rules ? "bjchart: solving " + rules + "\u2026" : "bjchart: working the page out\u2026";
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("rules");
    if (rules && box) {
      box.value = rules;
    }
  });
})();
