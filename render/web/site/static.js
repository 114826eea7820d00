// bjchart's static site: the shell that makes a folder of files the page
// 'bjchart serve' serves. Every page, download and long job the page asks
// for is answered by the page's own handler, built for WebAssembly and run
// in a Web Worker (worker.js), unless the site holds it precomputed
// (pages.json). A page so answered replaces the document, as a server's
// page would; links, forms, the heatmap's images and the long jobs' event
// streams go the same way. A job that runs longer than a moment shows a
// bar with a stop button, which ends the worker. The service worker
// (sw.js) keeps the site for use offline.
//
// The shell's state lives on window.bjchart: a replaced document runs
// this script again, in the same window.
(function () {
  "use strict";

  var B = window.bjchart;
  if (!B) {
    var baseMeta = document.querySelector('meta[name="bjchart-base"]');
    // base is the folder the site is served from ("/" at a host's root);
    // the handler and pages.json's keys know addresses from the site's
    // root.
    B = window.bjchart = { next: 1, pending: {}, worker: null, drawWorker: null, pages: null, shown: null,
      base: baseMeta ? baseMeta.getAttribute("content") : "/" };
    patchWindow(B);
  }

  // rootPath and keyOf: an address's path from the site's root, and its
  // key in pages.json (first.js, which marks the first frame, has them).
  function rootPath(u) {
    return window.bjchartPaths.rootPath(u, B.base);
  }
  function keyOf(u) {
    return window.bjchartPaths.keyOf(u, B.base);
  }

  // pagesIndex is the precomputed pages, by address.
  function pagesIndex() {
    if (!B.pages) {
      B.pages = fetch(B.base + "pages.json").then(function (r) {
        return r.ok ? r.json() : { pages: {} };
      }).then(function (j) {
        B.drawings = j.drawings || []; // the drawing module's paths (web.DrawingPaths)
        return j.pages || {};
      }).catch(function () {
        return {};
      });
    }
    return B.pages;
  }

  // worker starts the page's handler in a Web Worker, once: the core
  // module, or with draw the drawing module (the same handler with a
  // painter), which only a card, heatmap or plot needs.
  function worker(draw) {
    var running = draw ? B.drawWorker : B.worker;
    if (running) {
      return running;
    }
    var w = new Worker(B.base + "assets/worker.js", { name: draw ? "bjchart-draw" : "bjchart" });
    w.onmessage = function (ev) {
      var m = ev.data;
      if (m.failed) {
        failAll(m.failed);
        return;
      }
      if (m.started) {
        B[draw ? "drawStarted" : "started"] = m.started; // the WebAssembly's start, in ms (for measuring)
        return;
      }
      var p = B.pending[m.id];
      if (!p) {
        return;
      }
      if (m.head) {
        p.head = m.head;
      }
      if (m.chunk) {
        p.chunks.push(m.chunk);
        if (p.onChunk) {
          p.onChunk(m.chunk);
        }
      }
      if (m.end) {
        delete B.pending[m.id];
        busy();
        var type = (p.head && p.head.headers["content-type"]) || "";
        p.resolve({ status: p.head ? p.head.status : 500, headers: p.head ? p.head.headers : {}, body: new Blob(p.chunks, { type: type }) });
      }
    };
    w.onerror = function (ev) {
      failAll("the page's WebAssembly failed: " + (ev.message || "unknown error"));
    };
    if (draw) {
      B.drawWorker = w;
    } else {
      B.worker = w;
    }
    return w;
  }

  // request sends one request to the handler; the promise gets its
  // status, headers and body; onChunk sees the body as it comes. A
  // drawing (pages.json's drawings) goes straight to the drawing module.
  // Another drawing the core does not make (its answer carries X-Bjchart-Paint)
  // goes to the drawing module: the same request ("again"), or the
  // answer's data posted to the address the header names.
  function request(method, url, body, type, onChunk, stream, draw) {
    if (!draw && B.drawings && B.drawings.indexOf(url.split("?")[0]) >= 0) {
      draw = true; // a drawing: the drawing module alone serves it, the core is not loaded for it
    }
    return new Promise(function (resolve, reject) {
      var id = B.next++;
      B.pending[id] = { url: url, resolve: resolve, reject: reject, chunks: [], onChunk: onChunk, started: Date.now(), stream: !!stream };
      var msg = { id: id, method: method, url: url, type: type || "", body: body || null, base: B.base };
      worker(draw).postMessage(msg);
      setTimeout(busy, 400);
    }).then(function (res) {
      var paint = res.headers["x-bjchart-paint"];
      if (!paint || draw) {
        return res;
      }
      if (paint === "again") {
        return request(method, url, body, type, onChunk, stream, true);
      }
      return res.body.arrayBuffer().then(function (data) {
        return request("POST", paint, new Uint8Array(data), res.headers["content-type"] || "", null, false, true);
      });
    });
  }

  // failAll ends every request in flight with an error, and the worker.
  function failAll(why) {
    [B.worker, B.drawWorker].forEach(function (w) {
      if (w) {
        w.terminate();
      }
    });
    B.worker = B.drawWorker = null;
    var pending = B.pending;
    B.pending = {};
    Object.keys(pending).forEach(function (id) {
      pending[id].reject(new Error(why));
    });
    busy();
  }

  // solving marks the page shown as no longer the one asked for while the
  // handler works that one out: dimmed, its controls off, and at once a
  // line that says what is worked out ("Solving 4D H17 DAS ES 6:5..."),
  // so that a button of the old page is never pressed for the new one.
  function solving(u) {
    var rules = new URLSearchParams(u.search).get("rules");
    B.solving = rules ? "Solving " + rules + "\u2026 " : "Working this page out in the browser\u2026 ";
    document.documentElement.classList.add("bjchart-solving");
    busy();
  }
  function solved() {
    B.solving = null;
    document.documentElement.classList.remove("bjchart-solving");
    busy();
  }

  // busy shows the bar with the stop button while a request has run for
  // more than a moment (at once while a page is solved), and hides it
  // when none runs.
  function busy() {
    var bar = document.getElementById("bjchart-busy");
    var ids = Object.keys(B.pending);
    var long = B.solving || ids.some(function (id) { return Date.now() - B.pending[id].started >= 350; });
    if (!long) {
      if (bar) {
        bar.hidden = true;
      }
      return;
    }
    if (!bar && document.body) {
      bar = document.createElement("div");
      bar.id = "bjchart-busy";
      bar.className = "busy";
      bar.setAttribute("role", "status");
      var text = document.createElement("span");
      text.textContent = "Working in this browser\u2026 ";
      var stop = document.createElement("button");
      stop.type = "button";
      stop.textContent = "Stop";
      stop.addEventListener("click", function () {
        failAll("stopped");
      });
      bar.appendChild(text);
      bar.appendChild(stop);
      document.body.appendChild(bar);
    }
    if (bar) {
      bar.hidden = false;
      // A job past a few seconds is a long one for a phone: say so, and
      // where it runs faster.
      var oldest = Math.min.apply(null, ids.map(function (id) { return B.pending[id].started; }));
      var secs = ids.length ? Math.round((Date.now() - oldest) / 1000) : 0;
      bar.firstChild.textContent = secs < 5 ? (B.solving || "Working in this browser\u2026 ") :
        (B.solving || "Working in this browser") + ", " + secs + " s: a long job for a phone; the command line runs it faster. ";
      clearTimeout(B.tick);
      B.tick = setTimeout(busy, 1000);
    }
  }

  // show replaces the document with a page, as a navigation would.
  function show(html, url, how) {
    B.solving = null; // the new document starts without the old one's state
    if (how === "push") {
      history.pushState(null, "", url);
    } else if (how === "replace") {
      history.replaceState(null, "", url);
    }
    B.shown = keyOf(new URL(url, location.href));
    B.replacing = false;
    document.open();
    document.write(html);
    document.close();
    // A form's result is where its address points (#hand-h): there, as a
    // browser's own navigation would; else the top.
    var target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      target.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }

  // shownError shows what went wrong, with the way back.
  function shownError(message, url, how) {
    var esc = function (s) {
      return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
    };
    show('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>bjchart</title><meta name="bjchart-base" content="' + esc(B.base) + '"><link rel="stylesheet" href="' + esc(B.base) + 'assets/style.css">' +
      '<script src="' + esc(B.base) + 'assets/static.js" defer></script></head><body><main>' +
      '<p class="error" role="alert">bjchart: ' + esc(message) + '</p><p><a href="' + esc(B.base) + '">The chart</a></p></main></body></html>', url, how);
  }

  // save hands a download to the browser, under the handler's file name.
  function save(res, url) {
    var name = /filename="([^"]+)"/.exec(res.headers["content-disposition"] || "");
    var a = document.createElement("a");
    a.href = URL.createObjectURL(res.body);
    a.download = name ? name[1] : url.pathname.split("/").pop() || "bjchart";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 60000);
  }

  // leave ends the page's long job, as 'bjchart serve' stops one when the
  // browser leaves its page: the worker, busy with it, would otherwise
  // answer nothing else until it ends.
  function leave() {
    if (Object.keys(B.pending).some(function (id) { return B.pending[id].stream; })) {
      failAll("left");
    }
  }

  // go follows a link or a form: the precomputed page, else the handler's
  // answer; a page replaces the document, anything else is saved.
  function go(href, how, method, body, type) {
    leave();
    var seq = B.nav = (B.nav || 0) + 1; // a later navigation's answer wins over this one's
    var current = function () { return seq === B.nav; };
    var u = new URL(href, location.href);
    var key = keyOf(u);
    var answer = (method || "GET") === "GET" ? pagesIndex().then(function (index) {
      var file = index[key];
      if (!file) {
        return null;
      }
      return fetch(file).then(function (r) {
        return r.ok ? r.text() : null;
      }).catch(function () {
        return null;
      });
    }) : Promise.resolve(null);
    var path = rootPath(u);
    var keep = (method || "GET") === "GET" && path === "/"; // a game's chart: the same page every time
    return answer.then(function (html) {
      return html !== null || !keep ? html : solvedPage(key);
    }).then(function (html) {
      if (!current()) {
        return;
      }
      if (html !== null) {
        show(html, u.href, how);
        return;
      }
      solving(u);
      return request(method || "GET", path + u.search, body, type).then(function (res) {
        var ctype = res.headers["content-type"] || "";
        if (res.status >= 300 && res.status < 400 && res.headers.location && current()) { // the handler sends the page elsewhere
          solved();
          return go(new URL(res.headers.location, u.href).href, "replace");
        }
        if (ctype.indexOf("text/html") === 0) {
          return res.body.text().then(function (page) {
            if (keep && res.status === 200) {
              keepSolved(key, page);
            }
            if (current()) {
              show(page, u.href, how);
            }
          });
        }
        if (!current()) {
          return;
        }
        solved(); // an error or a download: the page shown stays
        if (res.status >= 400) {
          return res.body.text().then(function (text) {
            shownError(text.trim(), u.href, how);
          });
        }
        save(res, u);
      });
    }).catch(function (err) {
      if (current()) {
        solved();
      }
      if (current() && err.message !== "stopped" && err.message !== "left") {
        shownError(err.message, u.href, how);
      }
    });
  }

  // The charts solved in this browser are kept (the last 40), so that a
  // reload, online or off, shows one without solving it again.
  var SOLVED = "bjchart" + B.base + "solved"; // dropped with the site's own cache when a new site comes
  function solvedPage(key) {
    if (!("caches" in window)) {
      return Promise.resolve(null);
    }
    return caches.open(SOLVED).then(function (c) {
      return c.match(B.base + key.slice(1));
    }).then(function (hit) {
      return hit ? hit.text() : null;
    }).catch(function () {
      return null;
    });
  }
  function keepSolved(key, page) {
    if (!("caches" in window)) {
      return;
    }
    caches.open(SOLVED).then(function (c) {
      return c.put(B.base + key.slice(1), new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } })).then(function () {
        return c.keys();
      }).then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - 40)).map(function (k) {
          return c.delete(k);
        }));
      });
    }).catch(function () {});
  }

  // formTarget is where a form goes: its action with its fields.
  function submitForm(form, submitter) {
    var action = new URL(form.getAttribute("action") || location.href, location.href);
    var data = new FormData(form, submitter || undefined);
    if ((form.getAttribute("method") || "get").toLowerCase() === "post") {
      var req = new Request(action.href, { method: "POST", body: data });
      return req.arrayBuffer().then(function (buf) {
        return go(action.href, "push", "POST", new Uint8Array(buf), req.headers.get("content-type"));
      });
    }
    action.search = new URLSearchParams(data).toString();
    return go(action.href, "push");
  }

  // loadImage draws an image the handler makes (a heatmap, a plot).
  function loadImage(img, src) {
    img.removeAttribute("data-bjchart-src");
    if (B.replacing) {
      return; // the page is being replaced
    }
    var u = new URL(src, location.href);
    pagesIndex().then(function (index) {
      var file = index[keyOf(u)];
      if (file) { // drawn when the site was made
        B.setSrc.call(img, file);
        return null;
      }
      return request("GET", rootPath(u) + u.search);
    }).then(function (res) {
      if (res === null) {
        return;
      }
      if (res.status === 200) {
        B.setSrc.call(img, URL.createObjectURL(res.body));
      } else {
        img.alt = "bjchart could not draw this: " + res.status;
      }
    }).catch(function () {});
  }

  // patchWindow makes what the page's own scripts do go to the handler:
  // a form's submit(), an image's src, an EventSource. Done once a window.
  function patchWindow(B) {
    var submit = HTMLFormElement.prototype.submit;
    HTMLFormElement.prototype.submit = function () {
      if (this.ownerDocument === document || this.ownerDocument.defaultView === window) {
        submitForm(this);
        return;
      }
      submit.call(this);
    };
    var desc = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
    B.setSrc = desc.set;
    Object.defineProperty(HTMLImageElement.prototype, "src", {
      configurable: true,
      enumerable: desc.enumerable,
      get: desc.get,
      set: function (v) {
        var u = new URL(v, location.href);
        if (u.origin === location.origin && u.pathname.indexOf(B.base + "assets/") !== 0 && u.protocol !== "blob:") {
          loadImage(this, rootPath(u) + u.search);
          return;
        }
        desc.set.call(this, v);
      }
    });
    // An event stream (a simulation's, index plays', risk's progress and
    // result): the handler's, read as it is written.
    window.EventSource = function (url) {
      var es = this;
      var target = document.createDocumentFragment(); // an EventTarget
      es.addEventListener = target.addEventListener.bind(target);
      es.removeEventListener = target.removeEventListener.bind(target);
      es.dispatchEvent = target.dispatchEvent.bind(target);
      es.readyState = 0;
      es.onerror = null;
      es.onmessage = null;
      es.url = url;
      var closed = false;
      var text = "";
      var decoder = new TextDecoder();
      es.close = function () {
        closed = true;
        es.readyState = 2;
      };
      var deliver = function (block) {
        var event = "message";
        var data = [];
        block.split("\n").forEach(function (line) {
          if (line.indexOf("event: ") === 0) {
            event = line.slice(7);
          } else if (line.indexOf("data: ") === 0) {
            data.push(line.slice(6));
          }
        });
        var ev = new MessageEvent(event, { data: data.join("\n") });
        es.dispatchEvent(ev);
        if (event === "message" && es.onmessage) {
          es.onmessage(ev);
        }
      };
      var u = new URL(url, location.href);
      if (B.replacing) {
        return; // the page is being replaced: its job is not the one asked for
      }
      request("GET", rootPath(u) + u.search, null, "", function (chunk) {
        if (closed) {
          return;
        }
        es.readyState = 1;
        text += decoder.decode(chunk, { stream: true });
        var i;
        while ((i = text.indexOf("\n\n")) >= 0 && !closed) {
          var block = text.slice(0, i);
          text = text.slice(i + 2);
          deliver(block);
        }
      }, true).then(function (res) {
        if (!closed && res.status >= 400) {
          return res.body.text().then(function (t) {
            deliver("event: failed\ndata: " + t.trim().replace(/\n/g, "\ndata: "));
          });
        }
      }).catch(function (err) {
        if (!closed && err.message !== "left") {
          deliver("event: failed\ndata: " + err.message);
          if (es.onerror) {
            es.onerror(new Event("error"));
          }
        }
      });
    };
  }

  // This document: its links, forms and images through the shell.
  document.addEventListener("click", function (ev) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) {
      return;
    }
    var a = ev.target.closest && ev.target.closest("a[href]");
    if (!a || a.target || a.hasAttribute("download")) {
      return;
    }
    var u = new URL(a.href, location.href);
    if (u.origin !== location.origin || u.pathname.indexOf(B.base + "assets/") === 0 || a.getAttribute("href").charAt(0) === "#") {
      return;
    }
    ev.preventDefault();
    go(u.href, "push");
  });
  document.addEventListener("submit", function (ev) {
    if (ev.defaultPrevented) {
      return;
    }
    ev.preventDefault();
    submitForm(ev.target, ev.submitter);
  });
  window.addEventListener("popstate", function () {
    go(location.href, "none");
  });

  // The page the host sent is its path's; the address may ask for
  // another (a game's rules, a drill's answers): that one replaces it,
  // before the page's own scripts start its jobs.
  var meta = document.querySelector('meta[name="bjchart-page"]');
  var here = keyOf(new URL(location.href));
  if (meta && meta.getAttribute("content") !== here && B.shown !== here) {
    B.shown = here;
    B.replacing = true;
    solving(new URL(location.href)); // at once: the page asked for is said, not the one the host had
    go(location.href, "none");
  }
  // A hand on the rules' controls is a game about to be asked for: start
  // the handler then, so that its loading overlaps the choosing (and not
  // before: a visit that asks for nothing new fetches no WebAssembly).
  ["pointerdown", "keydown", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (ev) {
      if (ev.target && ev.target.closest && ev.target.closest("#rules-form, #sit, #start, form[action$='/sim'], form[action$='/indices'], form[action$='/risk'], #side-form")) {
        worker();
      }
    }, { passive: true });
  });
  document.addEventListener("DOMContentLoaded", function () {
    // A picture is drawn when it comes near the screen: drawing takes the
    // handler's one thread, which the next game asked for should have.
    var drawn = function (img) {
      loadImage(img, img.getAttribute("data-bjchart-src"));
    };
    var near = "IntersectionObserver" in window ? new IntersectionObserver(function (entries, obs) {
      entries.forEach(function (e) {
        if (e.isIntersecting) {
          obs.unobserve(e.target);
          drawn(e.target);
        }
      });
    }, { rootMargin: "300px" }) : null;
    document.querySelectorAll("img[data-bjchart-src]").forEach(function (img) {
      if (near) {
        B.setSrc.call(img, "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="); // blank until drawn
        near.observe(img);
      } else {
        drawn(img);
      }
    });
    busy();
  });

  // Offline: the service worker keeps the site as it is used: each page,
  // game and the WebAssembly once fetched (a first visit costs the page
  // it shows and no more).
  if ("serviceWorker" in navigator && !B.registered) {
    B.registered = true;
    navigator.serviceWorker.register(B.base + "sw.js", { scope: B.base }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      B.kept = true; // the service worker runs: what is fetched is kept
    }).catch(function () {});
  }
})();
