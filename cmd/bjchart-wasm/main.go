//go:build js && wasm

// Command bjchart-wasm is bjchart's page run in the browser: the web
// package's handler, the same code 'bjchart serve' runs, built for Go's
// WebAssembly port and loaded in a Web Worker by the static site's shell
// ('bjchart site' builds it; render/web/site/static.js and worker.js
// load it). Built plain it is the core module, which draws nothing (its
// drawing routes answer with web.PaintHeader; core.go); built with -tags
// draw it is the drawing module, the handler of the drawings only
// (web.NewPainter, web.DrawingPaths) with render/draw's painter, which
// the shell loads only when a card, heatmap or plot is asked for
// (draw.go). The worker hands it requests; it answers each with the
// handler's status, headers and body, posted back in chunks as the
// handler flushes them, so that a long job's progress reaches the page
// while it runs.
package main

import (
	"bytes"
	"net/http"
	"runtime/debug"
	"strings"
	"syscall/js"

	"bjchart/render/web"
)

// version is bjchart's, set by 'bjchart site' when it builds this.
var version = "dev"

func main() {
	debug.SetMemoryLimit(web.MemoryLimit)
	server := newServer(web.Options{Version: version, Workers: 1, MaxTables: 8, Painter: painter, InBrowser: true})
	// bjchartServe(id, method, url, contentType, body, base) answers one
	// request (url from the site's root; base the folder the site is
	// served from) by postMessage: {id, head: {status, headers}}, then
	// {id, chunk: Uint8Array} as the handler writes, then {id, end: true}.
	js.Global().Set("bjchartServe", js.FuncOf(func(this js.Value, args []js.Value) any {
		id, method, url, contentType, base := args[0].Int(), args[1].String(), args[2].String(), args[3].String(), args[5].String()
		var body []byte
		if b := args[4]; b.Truthy() {
			body = make([]byte, b.Get("length").Int())
			js.CopyBytesToGo(body, b)
		}
		go serve(server, id, method, url, contentType, body, base)
		return nil
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {}
}

// serve runs one request through the handler.
func serve(h http.Handler, id int, method, url, contentType string, body []byte, base string) {
	r, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		post(map[string]any{"id": id, "head": map[string]any{"status": http.StatusBadRequest, "headers": map[string]any{"content-type": "text/plain; charset=utf-8"}}})
		post(map[string]any{"id": id, "end": true})
		return
	}
	r.RequestURI = url // as a server's request has it
	r.Host = "localhost"
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := &poster{id: id, header: http.Header{}, base: base}
	h.ServeHTTP(w, r)
	if w.page() {
		// A page: the static site's, as 'bjchart site' writes them.
		page := web.StaticPage(w.body.Bytes(), url, base)
		w.body.Reset()
		w.body.Write(page)
	}
	w.send()
	post(map[string]any{"id": id, "end": true})
}

// poster is a ResponseWriter that posts what the handler writes to the
// page: the head once, then the body as the handler flushes it (a page
// whole, at the end).
type poster struct {
	id     int
	base   string // the site's folder, which the pieces of pages in events go under
	header http.Header
	status int // 0 until written, -1 once the head is posted
	body   bytes.Buffer
}

func (p *poster) Header() http.Header { return p.header }

func (p *poster) WriteHeader(status int) {
	if p.status == 0 {
		p.status = status
	}
}

func (p *poster) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.body.Write(b)
}

// page reports whether the response is an HTML page.
func (p *poster) page() bool { return strings.HasPrefix(p.header.Get("Content-Type"), "text/html") }

// Flush sends what is written so far, except of a page.
func (p *poster) Flush() {
	if !p.page() {
		p.send()
	}
}

// send posts the head, if not yet posted, and the body written since.
func (p *poster) send() {
	if p.status >= 0 {
		p.WriteHeader(http.StatusOK)
		headers := map[string]any{}
		for k, v := range p.header {
			headers[strings.ToLower(k)] = strings.Join(v, ", ")
		}
		post(map[string]any{"id": p.id, "head": map[string]any{"status": p.status, "headers": headers}})
		p.status = -1
	}
	if p.body.Len() > 0 {
		data := p.body.Bytes()
		if strings.HasPrefix(p.header.Get("Content-Type"), "text/event-stream") {
			data = web.UnderBase(data, p.base) // an event's HTML (index plays in their cells, risk's figures)
		}
		chunk := js.Global().Get("Uint8Array").New(len(data))
		js.CopyBytesToJS(chunk, data)
		post(map[string]any{"id": p.id, "chunk": chunk})
		p.body.Reset()
	}
}

func post(msg map[string]any) { js.Global().Call("postMessage", msg) }
