// bjchart's service worker: it keeps the static site for use offline.
// The shell, the style and the default page are kept when it installs;
// everything else when it is first fetched (a page, a precomputed game,
// the WebAssembly when a page first needs it), so that a first visit
// costs the page it shows and no more. Every file of the site is
// answered from the cache when kept, else from the network (and kept); a
// page's address with any query is answered with the kept page of its
// path, which the shell then completes in the browser. 'bjchart site'
// writes the list and names the cache by the site's contents, so that a
// new site replaces an old one's files.
"use strict";

var VERSION = "@VERSION@";
var BASE = "@BASE@"; // the folder the site is served from
var PREFIX = "bjchart" + BASE; // the caches of this site, not another's on the same host
var CACHE = PREFIX + VERSION;
var CORE = ["@CORE@"];

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(CACHE).then(function (c) {
    return c.addAll(CORE);
  }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      // an older site's, and the charts it solved in the browser (not a
      // site's in a folder below this one)
      return k.indexOf(PREFIX) === 0 && k.slice(PREFIX.length).indexOf("/") < 0 && k !== CACHE;
    }).map(function (k) {
      return caches.delete(k);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

// pageFile is the site's key for a page's path: /sim and /sim/ are
// /sim/ (its folder's index.html, as a host answers for the folder).
function pageFile(path) {
  return path.replace(/\/+$/, "") + "/";
}

self.addEventListener("fetch", function (ev) {
  var req = ev.request;
  var url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  ev.respondWith(caches.open(CACHE).then(function (c) {
    var key = req.mode === "navigate" ? pageFile(url.pathname) : url.pathname;
    return c.match(key).then(function (hit) {
      if (hit) {
        return hit;
      }
      return fetch(req).then(function (res) {
        if (res.ok && url.search === "" && !res.redirected) { // kept when first fetched: a page, a game, the WebAssembly
          c.put(key, res.clone());
        }
        if (res.status === 404 && req.mode === "navigate") { // a page the host has no file for: the shell makes it
          return c.match(BASE).then(function (page) {
            return page || res;
          });
        }
        return res;
      }).catch(function (err) {
        if (req.mode === "navigate") { // offline, a page not kept: the default page, which the shell completes
          return c.match(BASE).then(function (page) {
            return page || Promise.reject(err);
          });
        }
        throw err;
      });
    });
  }));
});
