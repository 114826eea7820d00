// bjchart's page in a Web Worker: Go's WebAssembly port runs the page's
// handler (cmd/bjchart-wasm, the code 'bjchart serve' runs), and the
// shell (static.js) sends it requests. The handler answers each by
// postMessage: {id, head}, {id, chunk}..., {id, end}.
"use strict";

importScripts("wasm_exec.js"); // beside this file, under the site's folder

var go = new Go();
var started = performance.now();
var ready = WebAssembly.instantiateStreaming(fetch("../bjchart.wasm"), go.importObject)
  .catch(function () {
    // A host that serves .wasm under another type: compile from bytes.
    return fetch("../bjchart.wasm").then(function (r) {
      if (!r.ok) {
        throw new Error("bjchart.wasm: " + r.status);
      }
      return r.arrayBuffer();
    }).then(function (bytes) {
      return WebAssembly.instantiate(bytes, go.importObject);
    });
  })
  .then(function (result) {
    var compiled = performance.now();
    go.run(result.instance); // returns when main blocks, bjchartServe set
    // How long the start took: fetched and compiled, then Go's start.
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
