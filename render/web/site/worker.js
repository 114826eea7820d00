// bjchart's page in a Web Worker: Go's WebAssembly port runs the page's
// handler (cmd/bjchart-wasm, the code 'bjchart serve' runs), and the
// shell (static.js) sends it requests. The handler answers each by
// postMessage: {id, head}, {id, chunk}..., {id, end}.
"use strict";

importScripts("wasm_exec.js"); // beside this file, under the site's folder

// The module this worker runs, by the worker's name: the core
// (bjchart.wasm), or the drawing module (bjchart-draw), which the shell
// starts when the core answers a card, heatmap or plot with its
// X-Bjchart-Paint header. (Not by a query on this script's address: a
// script the service worker answers has its kept address, without one.)
var MODULE = self.name === "bjchart-draw" ? "bjchart-draw" : "bjchart";

var go = new Go();
var started = performance.now();
// The module travels gzipped (bjchart.wasm.gz: a third of its size on
// any host, compressing or not) and is inflated here; a browser without
// DecompressionStream takes the plain one.
function moduleBytes() {
  if (typeof DecompressionStream === "undefined") {
    return fetch("../" + MODULE + ".wasm").then(function (r) {
      if (!r.ok) {
        throw new Error(MODULE + ".wasm: " + r.status);
      }
      return r.arrayBuffer();
    });
  }
  return fetch("../" + MODULE + ".wasm.gz").then(function (r) {
    if (!r.ok) {
      throw new Error(MODULE + ".wasm.gz: " + r.status);
    }
    return r.arrayBuffer();
  }).then(function (buf) {
    var b = new Uint8Array(buf);
    if (b[0] !== 0x1f || b[1] !== 0x8b) {
      return buf; // a host that sent it inflated already (Content-Encoding: gzip)
    }
    return new Response(new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  });
}
var ready = moduleBytes()
  .then(function (bytes) {
    return WebAssembly.instantiate(bytes, go.importObject);
  })
  .then(function (result) {
    var compiled = performance.now();
    go.run(result.instance); // returns when main blocks, bjchartServe set
    // How long the start took: fetched, inflated and compiled, then Go's start.
    postMessage({ started: { compile: Math.round(compiled - started), init: Math.round(performance.now() - compiled) } });
  });

ready.catch(function (err) {
  postMessage({ failed: "the page's WebAssembly did not load: " + err.message });
});

onmessage = function (ev) {
  var m = ev.data;
  ready.then(function () {
    self.bjchartServe(m.id, m.method, m.url, m.type || "", m.body || null, m.base || "/");
  });
};
