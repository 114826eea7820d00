package web

import (
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

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/param"
)

// The static site: the page's own HTML, precomputed for the common games,
// and the page's handler built for WebAssembly (cmd/bjchart-wasm), which a
// small shell (site/static.js) runs in a Web Worker for everything else.
// A service worker (site/sw.js) keeps it all for use offline.

//go:embed site/*
var siteFiles embed.FS

// siteMarker is the file that says a folder holds a site 'bjchart site'
// wrote, which a new site may replace.
const siteMarker = ".bjchart-site"

// A SiteRequest is 'bjchart site': the page as a folder any static host
// serves unchanged.
type SiteRequest struct {
	Out   string // the folder written; an earlier site there is replaced
	Games string // more games to precompute: rule strings separated by ';'
	// WASM is the page's WebAssembly built beforehand (GOOS=js
	// GOARCH=wasm go build ./cmd/bjchart-wasm); "" builds it, which needs
	// the Go toolchain and bjchart's source.
	WASM string
	// Base is the folder of the host the site is served from: "/" at the
	// root (a user's GitHub Pages, a bucket, a domain of its own),
	// "/bjchart/" for a GitHub project's pages.
	Base    string
	Version string // printed on the pages, as 'bjchart serve' prints it
	// Docs are the documentation pages, written under docs/ as
	// 'bjchart serve' serves them under /docs/.
	Docs []DocPage
}

// DefaultSiteRequest builds the WebAssembly, precomputes the default
// games and serves the site from a host's root.
func DefaultSiteRequest() SiteRequest { return SiteRequest{Base: "/"} }

// Params adds the request's fields to s.
func (q *SiteRequest) Params(s *param.Set) {
	s.String(&q.Out, "out", "the folder to write the site to (an earlier site there is replaced)")
	s.String(&q.Games, "games", "more games to precompute, rule strings separated by ';' (the default game, every game of 'bjchart grid' and the published charts' games always are)")
	s.String(&q.Base, "base", "the folder of the host the site is served from: / at its root, /bjchart/ for a GitHub project's pages (user.github.io/bjchart/)")
	s.String(&q.WASM, "wasm", "the page's WebAssembly built beforehand (GOOS=js GOARCH=wasm go build ./cmd/bjchart-wasm); by default it is built, which needs Go and bjchart's source")
}

// A SiteJob is a checked site request.
type SiteJob struct {
	out, wasm, version, base string
	games                    []solve.Rules
	docs                     []DocPage
}

// Check reads and checks the request: the folder is new, empty or an
// earlier site; every game parses.
func (q SiteRequest) Check() (SiteJob, error) {
	job := SiteJob{out: q.Out, wasm: q.WASM, version: q.Version, base: q.Base, docs: q.Docs}
	if q.Out == "" {
		return job, param.Errorf("out", q.Out, "want the folder to write the site to")
	}
	if job.base == "" {
		job.base = "/"
	}
	if !siteBase.MatchString(job.base) || slices.ContainsFunc(strings.Split(job.base, "/"), func(seg string) bool { return seg == "." || seg == ".." }) {
		return job, param.Errorf("base", q.Base, "want a folder of the host from its root, starting and ending with /: / or /bjchart/ (names of letters, digits, - _ . ~, not . or .., separated by /)")
	}
	if entries, err := os.ReadDir(q.Out); err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(q.Out, siteMarker)); err != nil {
			return job, param.Errorf("out", q.Out, "the folder holds files that are not a site 'bjchart site' wrote; give a new or empty folder")
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return job, param.Errorf("out", q.Out, "%v", err)
	}
	if q.WASM != "" {
		fi, err := os.Stat(q.WASM)
		switch {
		case err != nil:
			return job, param.Errorf("wasm", q.WASM, "%v", unwrapPath(err))
		case !fi.Mode().IsRegular(): // a FIFO would block, a device never end
			return job, param.Errorf("wasm", q.WASM, "not a regular file: want the module GOOS=js GOARCH=wasm go build ./cmd/bjchart-wasm writes")
		case fi.Size() > maxWASM:
			return job, param.Errorf("wasm", q.WASM, "%d bytes: a page's module is about 28 MB; at most %d", fi.Size(), maxWASM)
		}
	}
	if fi, err := os.Lstat(q.Out); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return job, param.Errorf("out", q.Out, "a link: give the folder itself (the site replaces what is there)")
	}
	games, err := siteGames(q.Games)
	job.games = games
	return job, err
}

// maxWASM bounds a module given with --wasm (the page's is about 28 MB).
const maxWASM = 200 << 20

// unwrapPath is a path error's cause, without the path.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// siteBase is a base folder: "/", or names separated by "/" between two.
var siteBase = regexp.MustCompile(`^/(?:[A-Za-z0-9._~-]+/)*$`)

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
	def, err := parseQuery(url.Values{})
	if err != nil {
		return nil, err
	}
	add(def.rules)
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
		r, err := charts.DefaultCompareRequest().Check(c)
		if err != nil {
			continue // a chart whose rules name no one game
		}
		add(r)
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
	Pages     int    `json:"pages"`      // pages precomputed
	Files     int    `json:"files"`      // files written
	Bytes     int64  `json:"bytes"`      // their size
	WASM      int64  `json:"wasm"`       // the page's WebAssembly, in bytes
	WASMGzip  int64  `json:"wasm_gzip"`  // and gzipped (bjchart.wasm.gz, what the browser fetches)
	FirstLoad int64  `json:"first_load"` // the default page, its style and scripts, gzipped: what shows the chart
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
	{"/house", false}, {"/holdem", false},
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
		pages = append(pages, sitePage{link("/", g.String()), ""})
	}
	for _, p := range sitePages {
		pages = append(pages, sitePage{p.path, strings.TrimPrefix(p.path, "/") + "/index.html"})
		if p.rules {
			pages = append(pages, sitePage{link(p.path, def), ""})
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

// Run writes the site: into a new folder beside the output, renamed into
// place when whole, so that a failure leaves no half-written site.
// progress is called after each page.
func (j SiteJob) Run(ctx context.Context, progress func()) (SiteReport, error) {
	rep := SiteReport{Out: j.out}
	out, err := filepath.Abs(j.out) // the toolchain builds in bjchart's folder, not this one
	if err != nil {
		return rep, err
	}
	j.out = out
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return rep, err
	}
	tmp, err := os.MkdirTemp(parent, ".bjchart-site-*")
	if err != nil {
		return rep, fmt.Errorf("writing %s: %w", j.out, unwrapPath(err)) // not the temporary folder's name
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // a web server running as another user reads the site (MkdirTemp makes it 0700)
		return rep, err
	}
	w := siteWriter{dir: tmp}

	// The WebAssembly and Go's loader for it, from the same toolchain.
	wasm, err := j.buildWASM(ctx, tmp)
	if err != nil {
		return rep, err
	}
	loader, err := wasmExec(ctx)
	if err != nil {
		return rep, err
	}
	wasmGz := gzipped(wasm)
	w.add("bjchart.wasm", wasm)      // for a browser without DecompressionStream
	w.add("bjchart.wasm.gz", wasmGz) // what the worker fetches: a third of the size on any host
	w.add("assets/wasm_exec.js", loader)
	rep.WASM = int64(len(wasm))
	rep.WASMGzip = int64(len(wasmGz))

	if err := w.addAssets(); err != nil {
		return rep, err
	}
	pages, err := j.addPages(ctx, &w, progress)
	if err != nil {
		return rep, err
	}
	rep.Pages = pages
	j.addServiceWorker(&w)

	first := []string{"index.html", "assets/style.css", "assets/heat.css", "assets/app.js", "assets/static.js"}
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
	if err := os.RemoveAll(j.out); err != nil {
		return rep, err
	}
	return rep, os.Rename(tmp, j.out)
}

// addAssets adds the page's assets, the shell's, the manifest and icon.
func (w *siteWriter) addAssets() error {
	assets, _ := fs.Sub(files, "assets")
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
	for _, name := range []string{"static.js", "worker.js"} {
		data, _ := siteFiles.ReadFile("site/" + name)
		w.add("assets/"+name, data)
	}
	for _, name := range []string{"manifest.webmanifest", "icon.svg"} {
		data, _ := siteFiles.ReadFile("site/" + name)
		w.add(name, data)
	}
	return nil
}

// addPages adds the pages, written by the handler 'bjchart serve' runs,
// and pages.json, which names each page's file by its address (a game's
// also by its rules as people write them; the default page's pictures
// too); it returns how many it precomputed.
func (j SiteJob) addPages(ctx context.Context, w *siteWriter, progress func()) (int, error) {
	srv := New(Options{Version: j.version, Workers: runtime.GOMAXPROCS(0), Docs: j.docs})
	pages := j.pages()
	index := map[string]string{}
	used := map[string]bool{}
	for _, p := range pages {
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
		index[pageKey(p.key)] = j.base + file
		if u, _ := url.Parse(p.key); u.Path == "/" && u.Query().Has("rules") {
			if r, err := solve.ParseRules(u.Query().Get("rules")); err == nil {
				index[pageKey(link("/", shortRules(r)))] = j.base + file
			}
		}
		if p.key == "/" {
			// The default page's pictures too, so that a first visit shows
			// it whole without loading the WebAssembly.
			for _, m := range drawnImage.FindAllSubmatch(body, -1) {
				src := "/" + strings.TrimPrefix(html.UnescapeString(string(m[1])), j.base) // from the site's root
				img, err := answer(srv, src)
				if err != nil {
					return 0, err
				}
				name := "img/" + pageSlug(src) + path.Ext(strings.SplitN(src, "?", 2)[0])
				w.add(name, img)
				index[pageKey(src)] = j.base + name
			}
		}
		if progress != nil {
			progress()
		}
	}
	// A host's answer to an address it has no file for, where it takes
	// one (GitHub Pages, Netlify, nginx's error_page): the default page,
	// which the shell completes with the page asked for.
	w.add("404.html", w.data["index.html"])
	for _, p := range queryPages {
		w.add(strings.TrimPrefix(p, "/")+"/index.html", w.data["index.html"])
	}
	indexJSON, _ := json.Marshal(map[string]any{"pages": index})
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
	sw, _ := siteFiles.ReadFile("site/sw.js")
	coreJSON, _ := json.Marshal(core)
	sw = bytes.Replace(sw, []byte(`"@VERSION@"`), []byte(`"`+version+`"`), 1)
	sw = bytes.Replace(sw, []byte(`"@BASE@"`), []byte(`"`+j.base+`"`), 1)
	sw = bytes.Replace(sw, []byte(`["@CORE@"]`), coreJSON, 1)
	w.add("sw.js", sw)
	w.add(siteMarker, []byte("written by 'bjchart site'; a new site replaces this folder\n"))
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
	return StaticPage(body, key, base), nil
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
var drawnImage = regexp.MustCompile(`data-bjchart-src="([^"]*)"`)

// pageKey is a page's address as the shell looks it up: the path, and
// the query's fields in order of name, encoded as a form encodes them.
func pageKey(key string) string {
	u, err := url.Parse(key)
	if err != nil {
		return key
	}
	p := strings.TrimRight(u.Path, "/")
	if p == "" {
		p = "/"
	}
	if q := u.Query().Encode(); q != "" {
		return p + "?" + q
	}
	return p
}

var slugUnsafe = regexp.MustCompile(`[^A-Za-z0-9]+`)

// pageSlug is a file name for a page's address.
func pageSlug(key string) string {
	u, _ := url.Parse(key)
	s := strings.Trim(slugUnsafe.ReplaceAllString(strings.Trim(u.Path, "/")+"-"+u.Query().Get("rules")+"-"+u.Query().Get("metric"), "-"), "-")
	if s == "" {
		s = "page"
	}
	return s
}

// shellTags go into every static page's head, under the site's base: the
// app's manifest and the shell, which runs the rest of the page in the
// browser.
const shellTags = `<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icon.svg">
<meta name="theme-color" content="#007856">
<script src="/assets/static.js" defer></script>
`

// dynamicImage matches an image whose source the page's handler draws
// (a heatmap, a plot): on a static host there is no such file.
var dynamicImage = regexp.MustCompile(`(<img\b[^>]*?\s)src="(/[^"]*)"`)

// siteAddress matches an attribute holding an address of the site (a
// link, a form's action, an image, a script's data-stream): a path from
// the root, which a site under a base folder must begin with the base.
var siteAddress = regexp.MustCompile(`(\s(?:href|src|action|data-[a-z-]+)=")/`)

// StaticPage makes a page the handler wrote a static site's page: the
// shell's tags in its head, with key (the page's address from the site's
// root) for the shell to check against the address shown and base (the
// folder the site is served from, "/" at a host's root); every image the
// handler draws named by data-bjchart-src (the shell draws it in the
// browser) rather than src, which a static host would answer with a 404;
// and every address of the site under base. The page is otherwise the
// same bytes.
func StaticPage(page []byte, key, base string) []byte {
	head := fmt.Sprintf(`<meta name="bjchart-page" content="%s">`+"\n"+`<meta name="bjchart-base" content="%s">`+"\n", html.EscapeString(pageKey(key)), html.EscapeString(base)) + shellTags
	out := bytes.Replace(page, []byte("</head>"), []byte(head+"</head>"), 1)
	out = dynamicImage.ReplaceAllFunc(out, func(m []byte) []byte {
		sub := dynamicImage.FindSubmatch(m)
		if bytes.HasPrefix(sub[2], []byte("/assets/")) {
			return m
		}
		return append(append(append([]byte{}, sub[1]...), `data-bjchart-src="`...), append(sub[2], '"')...)
	})
	return UnderBase(out, base)
}

// UnderBase puts the site's addresses in HTML (a page, or the pieces of
// one a long job's events carry) under base.
func UnderBase(doc []byte, base string) []byte {
	if base == "/" {
		return doc
	}
	return siteAddress.ReplaceAll(doc, []byte("${1}"+base))
}

// buildWASM returns the page's WebAssembly: the file given, or built by
// the Go toolchain from bjchart's source.
func (j SiteJob) buildWASM(ctx context.Context, tmp string) ([]byte, error) {
	if j.wasm != "" {
		data, err := os.ReadFile(j.wasm) // a regular file of at most maxWASM bytes (Check)
		if err != nil {
			return nil, err
		}
		if !bytes.HasPrefix(data, []byte("\x00asm")) {
			return nil, param.Errorf("wasm", j.wasm, "not a WebAssembly module (it does not start with \\0asm): want the module GOOS=js GOARCH=wasm go build ./cmd/bjchart-wasm writes")
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
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags", fmt.Sprintf(`-s -w -X "main.version=%s"`, version), "-o", out, "./cmd/bjchart-wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the page's WebAssembly (GOOS=js GOARCH=wasm go build ./cmd/bjchart-wasm in %s): %v\n%s", root, err, msg)
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
		if dir := filepath.Join(filepath.Dir(file), "..", ".."); isBjchart(dir) {
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
