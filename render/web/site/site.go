package site

import (
	"bjchart/render/draw"
	"bjchart/render/web"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/param"
)

// The static site: the page's own HTML, precomputed for the common games,
// and the page's handler built for WebAssembly (cmd/bjchart-wasm), which a
// small shell (site/static.js) runs in a Web Worker for everything else.
// A service worker (site/sw.js) keeps it all for use offline.

//go:embed *.js *.webmanifest *.svg
var siteFiles embed.FS

// A SiteRequest is 'bjchart site': the page as a folder any static host
// serves unchanged.
type SiteRequest struct {
	Out   string // the folder written; an earlier site there is replaced
	Games string // more games to precompute: rule strings separated by ';'
	// WASM is the page's core WebAssembly built beforehand (GOOS=js
	// GOARCH=wasm go build ./cmd/bjchart-wasm) and DrawWASM its drawing
	// module (the same with -tags draw); "" builds it, which needs the Go
	// toolchain and bjchart's source.
	WASM, DrawWASM string
	// Base is the folder of the host the site is served from: "/" at the
	// root (a user's GitHub Pages, a bucket, a domain of its own),
	// "/bjchart/" for a GitHub project's pages.
	Base    string
	Version string // printed on the pages, as 'bjchart serve' prints it
	// Docs are the documentation pages, written under docs/ as
	// 'bjchart serve' serves them under /docs/.
	Docs []web.DocPage
}

// DefaultSiteRequest builds the WebAssembly, precomputes the default
// games and serves the site from a host's root.
func DefaultSiteRequest() SiteRequest { return SiteRequest{Base: "/"} }

// Params adds the request's fields to s.
func (q *SiteRequest) Params(s *param.Set) {
	s.String(&q.Out, "out", "the folder to write the site to (an earlier site there is replaced)")
	s.String(&q.Games, "games", "more games to precompute, rule strings separated by ';' (the default game, every game of 'bjchart grid' and the published charts' games always are)")
	s.String(&q.Base, "base", "the folder of the host the site is served from: / at its root, /bjchart/ for a GitHub project's pages (user.github.io/bjchart/)")
	s.String(&q.WASM, "wasm", "the page's WebAssembly built beforehand ("+modules[0].build+"); by default it is built, which needs Go and bjchart's source")
	s.String(&q.DrawWASM, "draw-wasm", "the page's drawing module built beforehand ("+modules[1].build+"), loaded when a card, heatmap or plot is asked for; by default it is built")
}

// A SiteJob is a checked site request.
type SiteJob struct {
	out, version, base string
	wasm               [2]string // the modules given, by modules' order
	games              []solve.Rules
	docs               []web.DocPage
}

// Check reads and checks the request: the folder is new, empty or an
// earlier site; every game parses.
func (q SiteRequest) Check() (SiteJob, error) {
	job := SiteJob{out: q.Out, wasm: [2]string{q.WASM, q.DrawWASM}, version: q.Version, base: q.Base, docs: q.Docs}
	if q.Out == "" {
		return job, param.Errorf("out", q.Out, "want the folder to write the site to")
	}
	if job.base == "" {
		job.base = "/"
	}
	if !siteBase().MatchString(job.base) || slices.ContainsFunc(strings.Split(job.base, "/"), func(seg string) bool { return seg == "." || seg == ".." }) {
		return job, param.Errorf("base", q.Base, "want a folder of the host from its root, starting and ending with /: / or /bjchart/ (names of letters, digits, - _ . ~, not . or .., separated by /)")
	}
	if err := param.CheckFolder(q.Out); err != nil {
		var oe *param.OutputError
		if errors.As(err, &oe) {
			return job, param.Errorf("out", q.Out, "%s", oe.Problem)
		}
		return job, param.Errorf("out", q.Out, "%v", param.PathCause(err))
	}
	for i, file := range job.wasm {
		if file == "" {
			continue
		}
		m := modules[i]
		fi, err := os.Stat(file)
		switch {
		case err != nil:
			return job, param.Errorf(m.field, file, "%v", param.PathCause(err))
		case !fi.Mode().IsRegular(): // a FIFO would block, a device never end
			return job, param.Errorf(m.field, file, "not a regular file: want the module %s writes", m.build)
		case fi.Size() > maxWASM:
			return job, param.Errorf(m.field, file, "%d bytes: a page's module is about 28 MB; at most %d", fi.Size(), maxWASM)
		}
	}
	games, err := siteGames(q.Games)
	job.games = games
	return job, err
}

// modules are the page's two WebAssembly modules: the core, which the
// shell loads for any page it works out, and the drawing module, loaded
// only when a card, heatmap or plot is asked for (the core answers those
// with web.PaintHeader); their request fields, the files the site holds
// them in and their builds.
var modules = [2]struct{ field, file, build string }{
	{"wasm", "bjchart.wasm", "GOOS=js GOARCH=wasm go build ./cmd/bjchart-wasm"},
	{"draw-wasm", "bjchart-draw.wasm", "GOOS=js GOARCH=wasm go build -tags draw ./cmd/bjchart-wasm"},
}

// painterMark is in the drawing module's code and not the core's: the
// import path of the PDF library only the painter links, which Go keeps
// in a module's function names even stripped (-s -w).
var painterMark = []byte("go-pdf/fpdf")

// maxWASM bounds a module given with --wasm (the page's is about 28 MB).
const maxWASM = 200 << 20

// siteBase is a base folder: "/", or names separated by "/" between two.
var siteBase = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/(?:[A-Za-z0-9._~-]+/)*$`)
})

// siteGames are the games precomputed: the page's default, every game of
// 'bjchart grid', each library chart's own and the extra ones asked for,
// each once.
func siteGames(extra string) ([]solve.Rules, error) {
	var games []solve.Rules
	add := func(r solve.Rules) {
		if !slices.ContainsFunc(games, func(g solve.Rules) bool { return g.String() == r.String() }) {
			games = append(games, r)
		}
	}
	def, err := web.DefaultRules()
	if err != nil {
		return nil, err
	}
	add(def)
	grid, err := solve.DefaultGridRequest().Check()
	if err != nil {
		return nil, err
	}
	for _, r := range grid.Games {
		add(r)
	}
	for _, name := range charts.Names() {
		c, err := charts.Library(name)
		if err != nil {
			return nil, err
		}
		req := charts.DefaultCompareRequest()
		req.Chart, req.Published = name, c
		job, err := req.Check()
		if err != nil {
			continue // a chart whose rules name no one game
		}
		add(job.Rules)
	}
	for _, s := range strings.Split(extra, ";") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		r, err := (solve.Game{Rules: s}).Resolve()
		if err != nil {
			return nil, param.Errorf("games", s, "%v", err)
		}
		add(r)
	}
	return games, nil
}

// shortRules is a game's rule string as people write it: the decks, the
// dealer's soft 17, doubling after a split and surrender, without the
// other rules where they are the default (DOA, SPL3, 3:2, PEEK, and no
// surrender): "6D H17 DAS LS" for 6D H17 DOA DAS SPL3 LS 3:2 PEEK.
func shortRules(r solve.Rules) string {
	tokens := strings.Fields(r.String())
	for i := 0; i < len(tokens); {
		rest := slices.Delete(slices.Clone(tokens), i, i+1)
		if !slices.Contains([]string{"DOA", "SPL3", "3:2", "PEEK", "NS"}, tokens[i]) {
			i++
			continue
		}
		if s, err := solve.ParseRules(strings.Join(rest, " ")); err == nil && s.String() == r.String() {
			tokens = rest
			continue
		}
		i++
	}
	return strings.Join(tokens, " ")
}

// A SiteReport says what a site holds.
type SiteReport struct {
	Out       string `json:"out"`
	Pages     int    `json:"pages"`          // pages precomputed
	Files     int    `json:"files"`          // files written
	Bytes     int64  `json:"bytes"`          // their size
	WASM      int64  `json:"wasm"`           // the page's core WebAssembly, in bytes
	WASMGzip  int64  `json:"wasm_gzip"`      // and gzipped (bjchart.wasm.gz, what the browser fetches)
	DrawWASM  int64  `json:"draw_wasm"`      // the drawing module, in bytes
	DrawGzip  int64  `json:"draw_wasm_gzip"` // and gzipped (bjchart-draw.wasm.gz)
	FirstLoad int64  `json:"first_load"`     // the default page, its style and scripts, gzipped: what shows the chart
}

// sitePages are the pages precomputed besides each game's chart: every
// page of the navigation at its defaults, and with the default game's
// rules where the navigation carries them.
// Each at its defaults is its folder's index.html, for a visit straight
// to it.
var sitePages = []struct {
	path  string
	rules bool // the navigation links it with the game's rules
}{
	{"/indices", true}, {"/sim", true}, {"/risk", true},
	{"/drill/count", true}, {"/drill/index", true},
	{"/house", false}, {"/holdem", false}, {"/side", false},
}

// queryPages are the pages that answer only a query (a calculator's
// result): their folders hold the default page, which the shell
// completes with the page asked for, so that a visit straight to one
// finds a file on any host.
//
// The trainer and the table are among them: each session deals from a
// fresh seed, which a page precomputed once would fix for every visitor.
var queryPages = []string{"/holdem/equity", "/holdem/nash", "/drill", "/drill/table"}

// A sitePage is an address precomputed, and its file where that is
// fixed ("" for one under pages/).
type sitePage struct{ key, file string }

// pages are the addresses precomputed: the default page, each game's
// chart, every page of the navigation.
func (j SiteJob) pages() []sitePage {
	def := j.games[0].String()
	pages := []sitePage{{"/", "index.html"}}
	for _, g := range j.games {
		pages = append(pages, sitePage{web.Link("/", g.String()), ""})
	}
	for _, p := range sitePages {
		pages = append(pages, sitePage{p.path, strings.TrimPrefix(p.path, "/") + "/index.html"})
		if p.rules {
			pages = append(pages, sitePage{web.Link(p.path, def), ""})
		}
	}
	pages = append(pages, sitePage{"/docs/", "docs/index.html"})
	for _, d := range j.docs {
		pages = append(pages, sitePage{"/docs/" + d.Name, "docs/" + d.Name + "/index.html"})
	}
	return pages
}

// Pages is the number of pages the site precomputes.
func (j SiteJob) Pages() int { return len(j.pages()) }

// Builds is the number of WebAssembly modules Run builds with Go (those
// not given built): about a minute each on two cores.
func (j SiteJob) Builds() int {
	n := 0
	for _, file := range j.wasm {
		if file == "" {
			n++
		}
	}
	return n
}

// Steps is the total Run's progress counts to: a step per module built,
// then one per page.
func (j SiteJob) Steps() int64 { return int64(j.Builds() + j.Pages()) }

// Run writes the site: into a new folder beside the output, renamed into
// place when whole, so that a failure leaves no half-written site.
// progress is told the steps done of all (Steps): each module built,
// then each page written.
func (j SiteJob) Run(ctx context.Context, progress func(done, total int64)) (SiteReport, error) {
	rep := SiteReport{Out: j.out}
	out, err := filepath.Abs(j.out) // the toolchain builds in bjchart's folder, not this one
	if err != nil {
		return rep, err
	}
	j.out = out
	tmp, err := param.NewFolder(out) // beside it, readable by a web server running as another user
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(tmp)
	w := siteWriter{dir: tmp}

	// The two modules and Go's loader for them, from the same toolchain.
	steps, done := j.Steps(), int64(0)
	for i, m := range modules {
		wasm, err := j.buildWASM(ctx, tmp, i)
		if err != nil {
			return rep, err
		}
		if j.wasm[i] == "" && progress != nil {
			done++
			progress(done, steps)
		}
		wasmGz := gzipped(wasm)
		w.add(m.file, wasm)         // for a browser without DecompressionStream
		w.add(m.file+".gz", wasmGz) // what the worker fetches: a third of the size on any host
		if i == 0 {
			rep.WASM, rep.WASMGzip = int64(len(wasm)), int64(len(wasmGz))
		} else {
			rep.DrawWASM, rep.DrawGzip = int64(len(wasm)), int64(len(wasmGz))
		}
	}
	loader, err := wasmExec(ctx)
	if err != nil {
		return rep, err
	}
	w.add("assets/wasm_exec.js", loader)

	if err := w.addAssets(); err != nil {
		return rep, err
	}
	pages, err := j.addPages(ctx, &w, func(d, _ int64) {
		if progress != nil {
			progress(done+d, steps)
		}
	})
	if err != nil {
		return rep, err
	}
	rep.Pages = pages
	j.addServiceWorker(&w)

	first := []string{"index.html", "assets/style.css", "assets/heat.css", "assets/app.js", "assets/first.js", "assets/static.js"}
	for _, f := range first {
		rep.FirstLoad += gzipSize(w.data[f])
	}
	if err := w.flush(); err != nil {
		return rep, err
	}
	rep.Files = len(w.names)
	for _, f := range w.names {
		rep.Bytes += int64(len(w.data[f]))
	}
	return rep, param.ReplaceFolder(tmp, j.out)
}

// addAssets adds the page's assets, the shell's, the manifest and icon.
func (w *siteWriter) addAssets() error {
	assets, _ := web.Assets(), error(nil)
	if err := fs.WalkDir(assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets, p)
		w.add("assets/"+p, data)
		return err
	}); err != nil {
		return err
	}
	for _, name := range []string{"first.js", "static.js", "worker.js"} {
		data, _ := siteFiles.ReadFile(name)
		w.add("assets/"+name, data)
	}
	for _, name := range []string{"manifest.webmanifest", "icon.svg"} {
		data, _ := siteFiles.ReadFile(name)
		w.add(name, data)
	}
	return nil
}

// addPages adds the pages, written by the handler 'bjchart serve' runs,
// and pages.json, which names each page's file by its address (a game's
// also by its rules as people write them; the default page's pictures
// too) and the drawings' paths, which the shell asks of the drawing
// module alone; it returns how many it precomputed.
func (j SiteJob) addPages(ctx context.Context, w *siteWriter, progress func(done, total int64)) (int, error) {
	srv := web.New(web.Options{Painter: draw.Painter{}, Version: j.version, Workers: runtime.GOMAXPROCS(0), Docs: j.docs, InBrowser: true})
	pages := j.pages()
	index := map[string]string{}
	used := map[string]bool{}
	for i, p := range pages {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		body, err := prerender(srv, p.key, j.base)
		if err != nil {
			return 0, err
		}
		file := p.file
		if file == "" {
			file = "pages/" + pageSlug(p.key) + ".html"
			for n := 2; used[file]; n++ {
				file = fmt.Sprintf("pages/%s-%d.html", pageSlug(p.key), n)
			}
		}
		used[file] = true
		w.add(file, body)
		index[web.PageKey(p.key)] = j.base + file
		if u, _ := url.Parse(p.key); u.Path == "/" && u.Query().Has("rules") {
			if r, err := solve.ParseRules(u.Query().Get("rules")); err == nil {
				index[web.PageKey(web.Link("/", shortRules(r)))] = j.base + file
			}
		}
		if p.key == "/" {
			// The default page's pictures too, so that a first visit shows
			// it whole without loading the WebAssembly.
			for _, m := range drawnImage().FindAllSubmatch(body, -1) {
				src := "/" + strings.TrimPrefix(html.UnescapeString(string(m[1])), j.base) // from the site's root
				img, err := answer(srv, src)
				if err != nil {
					return 0, err
				}
				name := "img/" + pageSlug(src) + path.Ext(strings.SplitN(src, "?", 2)[0])
				w.add(name, img)
				index[web.PageKey(src)] = j.base + name
			}
		}
		if progress != nil {
			progress(int64(i+1), int64(len(pages)))
		}
	}
	// A host's answer to an address it has no file for, where it takes
	// one (GitHub Pages, Netlify, nginx's error_page): the default page,
	// which the shell completes with the page asked for.
	w.add("404.html", w.data["index.html"])
	for _, p := range queryPages {
		w.add(strings.TrimPrefix(p, "/")+"/index.html", w.data["index.html"])
	}
	indexJSON, _ := json.Marshal(map[string]any{"pages": index, "drawings": web.DrawingPaths})
	w.add("pages.json", indexJSON)
	return len(pages), nil
}

// addServiceWorker adds the service worker, after every other file: its
// cache is named by all of them, so that a new site replaces an old one's
// cache. It keeps the shell, the style, the scripts and the default page
// when it installs (core); every other file when it is first fetched.
func (j SiteJob) addServiceWorker(w *siteWriter) {
	sum := sha256.New()
	for _, f := range w.names {
		sum.Write([]byte(f))
		sum.Write(w.data[f])
	}
	version := hex.EncodeToString(sum.Sum(nil))[:16]
	var core []string
	for _, f := range w.names {
		switch {
		case f == "index.html":
			core = append(core, j.base)
		case f == "pages.json", f == "manifest.webmanifest", f == "icon.svg",
			strings.HasPrefix(f, "assets/") && f != "assets/wasm_exec.js" && f != "assets/worker.js":
			core = append(core, j.base+f)
		}
	}
	sw, _ := siteFiles.ReadFile("sw.js")
	coreJSON, _ := json.Marshal(core)
	sw = bytes.Replace(sw, []byte(`"@VERSION@"`), []byte(`"`+version+`"`), 1)
	sw = bytes.Replace(sw, []byte(`"@BASE@"`), []byte(`"`+j.base+`"`), 1)
	sw = bytes.Replace(sw, []byte(`["@CORE@"]`), coreJSON, 1)
	w.add("sw.js", sw)
}

// siteWriter gathers the site's files, then writes them.
type siteWriter struct {
	dir   string
	names []string
	data  map[string][]byte
}

func (w *siteWriter) add(name string, data []byte) {
	if w.data == nil {
		w.data = map[string][]byte{}
	}
	if _, ok := w.data[name]; !ok {
		w.names = append(w.names, name)
	}
	w.data[name] = data
}

func (w *siteWriter) flush() error {
	for _, name := range w.names {
		p := filepath.Join(w.dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, w.data[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// prerender answers one page's request as 'bjchart serve' does and makes
// it a static page.
func prerender(h http.Handler, key, base string) ([]byte, error) {
	body, err := answer(h, key)
	if err != nil {
		return nil, err
	}
	return web.StaticPage(body, key, base), nil
}

// answer is the handler's answer to a request for key.
func answer(h http.Handler, key string) ([]byte, error) {
	r := httptest.NewRequest(http.MethodGet, key, nil)
	r.Host = "localhost"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("the page %s: %d %s", key, rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	return rec.Body.Bytes(), nil
}

// drawnImage finds the images a static page leaves for the shell to draw.
var drawnImage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`data-bjchart-src="([^"]*)"`)
})

var slugUnsafe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[^A-Za-z0-9]+`)
})

// pageSlug is a file name for a page's address.
func pageSlug(key string) string {
	u, _ := url.Parse(key)
	s := strings.Trim(slugUnsafe().ReplaceAllString(strings.Trim(u.Path, "/")+"-"+u.Query().Get("rules")+"-"+u.Query().Get("metric"), "-"), "-")
	if s == "" {
		s = "page"
	}
	return s
}

// buildWASM returns one of the page's modules (modules[i]): the file
// given, or built by the Go toolchain from bjchart's source.
func (j SiteJob) buildWASM(ctx context.Context, tmp string, i int) ([]byte, error) {
	m := modules[i]
	if file := j.wasm[i]; file != "" {
		data, err := os.ReadFile(file) // a regular file of at most maxWASM bytes (Check)
		if err != nil {
			return nil, err
		}
		if !bytes.HasPrefix(data, []byte("\x00asm")) {
			return nil, param.Errorf(m.field, file, "not a WebAssembly module (it does not start with \\0asm): want the module %s writes", m.build)
		}
		if paints := bytes.Contains(data, painterMark); paints != (i == 1) {
			other := modules[1-i]
			return nil, param.Errorf(m.field, file, "the module %s writes (it is for --%s); want the module %s writes", other.build, other.field, m.build)
		}
		return data, nil
	}
	root, err := moduleRoot(ctx)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(tmp, "build.wasm")
	version := strings.Map(func(r rune) rune {
		if r == '"' || r == '\'' || r == '\\' {
			return -1
		}
		return r
	}, j.version)
	args := []string{"build", "-trimpath", "-ldflags", fmt.Sprintf(`-s -w -X "main.version=%s"`, version), "-o", out}
	if i == 1 {
		args = append(args, "-tags", "draw")
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "./cmd/bjchart-wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the page's WebAssembly (%s in %s): %v\n%s", m.build, root, err, msg)
	}
	defer os.Remove(out)
	return os.ReadFile(out)
}

// errNoSource says why the WebAssembly cannot be built here.
var errNoSource = errors.New("bjchart site builds the page's WebAssembly from bjchart's source with the Go toolchain: run it in a clone of bjchart (go run ./cmd/bjchart site -o DIR), or give --wasm FILE")

// moduleRoot finds bjchart's source: the module of the working folder,
// else the folder this file was compiled from.
func moduleRoot(ctx context.Context) (string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return "", errNoSource
	}
	isBjchart := func(dir string) bool {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		return err == nil && bytes.HasPrefix(data, []byte("module bjchart\n"))
	}
	if out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output(); err == nil {
		if dir := filepath.Dir(strings.TrimSpace(string(out))); isBjchart(dir) {
			return dir, nil
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		if dir := filepath.Join(filepath.Dir(file), "..", "..", ".."); isBjchart(dir) { // this file is render/web/site/site.go
			return filepath.Clean(dir), nil
		}
	}
	return "", errNoSource
}

// wasmExec returns Go's loader for its WebAssembly (wasm_exec.js), from
// the toolchain that builds the module.
func wasmExec(ctx context.Context) ([]byte, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("bjchart site takes Go's wasm_exec.js from the Go toolchain (go env GOROOT): %v", err)
	}
	root := strings.TrimSpace(string(out))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if data, err := os.ReadFile(filepath.Join(root, p)); err == nil {
			return data, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in the Go toolchain at %s (lib/wasm or misc/wasm)", root)
}

// gzipSize is data's size gzipped at the best compression.
func gzipSize(data []byte) int64 { return int64(len(gzipped(data))) }

// gzipped is data gzipped at the best compression.
func gzipped(data []byte) []byte {
	var buf bytes.Buffer
	z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	z.Write(data)
	z.Close()
	return buf.Bytes()
}
