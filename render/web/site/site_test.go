package site

import (
	"bjchart/render/web"
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bjchart/solve"
)

// TestStaticPage: the shell's tags go into the head once, with the
// page's address; an image the handler draws is named for the shell to
// draw, an asset's is left; nothing else changes.
func TestStaticPage(t *testing.T) {
	page := `<html><head><title>x</title></head><body><img id="heatmap" class="heatmap" src="/plot.png?rules=6D&amp;metric=best" alt="a"><img src="/assets/logo.png"><p>src="/plot.png"</p></body></html>`
	got := string(web.StaticPage([]byte(page), "/?rules=6D+S17&hand=T,6+v+T", "/"))
	for _, want := range []string{
		`<meta name="bjchart-page" content="/?hand=T%2C6+v+T&amp;rules=6D+S17">`,
		`<script src="/assets/first.js"></script>` + "\n" + `<script src="/assets/static.js" defer></script>` + "\n</head>",
		`<img id="heatmap" class="heatmap" data-bjchart-src="/plot.png?rules=6D&amp;metric=best" alt="a">`,
		`<img src="/assets/logo.png">`,
		`<p>src="/plot.png"</p>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the static page lacks %s:\n%s", want, got)
		}
	}
	if strings.Count(got, "static.js") != 1 {
		t.Errorf("the shell is in the page %d times", strings.Count(got, "static.js"))
	}
	// Under a folder: every address of the site in it, the key from the
	// site's root.
	page = `<html><head></head><body><a href="/sim?rules=6D">s</a><a href="/">c</a><a href="https://example.com/x">e</a><form action="/drill"></form><progress data-stream="/sim/run?x=1"></progress><img src="/plot.png?a=1"></body></html>`
	got = string(web.StaticPage([]byte(page), "/sim?rules=6D", "/bjchart/"))
	for _, want := range []string{
		`<meta name="bjchart-page" content="/sim?rules=6D">`, `<meta name="bjchart-base" content="/bjchart/">`,
		`<link rel="manifest" href="/bjchart/manifest.webmanifest">`, `<script src="/bjchart/assets/static.js" defer>`, `<script src="/bjchart/assets/first.js">`,
		`<a href="/bjchart/sim?rules=6D">`, `<a href="/bjchart/">`, `<a href="https://example.com/x">`, `<form action="/bjchart/drill">`,
		`data-stream="/bjchart/sim/run?x=1"`, `<img data-bjchart-src="/bjchart/plot.png?a=1">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the static page under /bjchart/ lacks %s:\n%s", want, got)
		}
	}
}

// TestSiteRefusals: a folder of other files, a game that does not parse
// and a missing WebAssembly file are refused before anything is written.
func TestSiteRefusals(t *testing.T) {
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
	for _, tc := range []struct {
		req  SiteRequest
		want string
	}{
		{SiteRequest{}, "want the folder"},
		{SiteRequest{Out: other}, "bjchart did not write"},
		{SiteRequest{Out: filepath.Join(other, "new"), Games: "6D S17;7Q"}, "games"},
		{SiteRequest{Out: filepath.Join(other, "new"), WASM: filepath.Join(other, "none.wasm")}, "wasm"},
		{SiteRequest{Out: filepath.Join(other, "new"), Base: "bjchart"}, "base"},
		{SiteRequest{Out: filepath.Join(other, "new"), Base: "/bjchart"}, "base"},
		{SiteRequest{Out: filepath.Join(other, "new"), Base: "/a b/"}, "base"},
		{SiteRequest{Out: filepath.Join(other, "new"), Base: "/x/../"}, "base"},
	} {
		if _, err := tc.req.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error saying %q", tc.req, err, tc.want)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(other, "notes.txt")); string(data) != "mine" {
		t.Error("the folder's file was touched")
	}
}

// TestSiteWrites: a site of the default game (a stand-in WebAssembly
// file): every page the index names is there, with the shell; the
// service worker's lists are filled in and name only files of the site;
// a second site replaces the first; a cancelled run leaves nothing.
func TestSiteWrites(t *testing.T) {
	wasm := filepath.Join(t.TempDir(), "stand-in.wasm")
	os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	drawWASM := filepath.Join(t.TempDir(), "stand-in-draw.wasm")
	os.WriteFile(drawWASM, []byte("\x00asm\x01\x00\x00\x00 codeberg.org/go-pdf/fpdf.(*Fpdf).Cell"), 0o644)
	out := filepath.Join(t.TempDir(), "site")
	req := SiteRequest{Out: out, WASM: wasm, DrawWASM: drawWASM, Version: "test"}
	job, err := req.Check()
	if err != nil {
		t.Fatal(err)
	}
	job.games = job.games[:1] // the default game only: each page is a solve
	swapped, err := SiteRequest{Out: out, WASM: drawWASM, DrawWASM: wasm}.Check()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range [][2]string{{wasm, wasm}, {drawWASM, drawWASM}, {drawWASM, wasm}} {
		swapped.wasm = m
		if _, err := swapped.Run(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "it is for --") {
			t.Errorf("modules %q: %v, want the module given for the other field refused", m, err)
		}
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != job.Pages() || rep.WASM != 8 || rep.DrawWASM != 46 {
		t.Errorf("report %+v", rep)
	}
	var index struct{ Pages map[string]string }
	data, err := os.ReadFile(filepath.Join(out, "pages.json"))
	if err != nil || json.Unmarshal(data, &index) != nil {
		t.Fatalf("pages.json: %v %s", err, data)
	}
	def := job.games[0].String()
	for _, key := range []string{"/", web.PageKey(web.Link("/", def)), "/sim", web.PageKey(web.Link("/sim", def)), "/holdem", "/side"} {
		file, ok := index.Pages[key]
		if !ok {
			t.Errorf("pages.json has no %s", key)
			continue
		}
		page, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(file)))
		if err != nil || !strings.Contains(string(page), `<meta name="bjchart-page" content="`+html.EscapeString(key)+`">`) || !strings.Contains(string(page), "/assets/static.js") {
			t.Errorf("%s: %s is not its static page (%v)", key, file, err)
		}
	}
	sw, _ := os.ReadFile(filepath.Join(out, "sw.js"))
	if strings.Contains(string(sw), "@") {
		t.Errorf("sw.js keeps a placeholder")
	}
	for _, list := range []string{"CORE"} {
		line := strings.SplitN(strings.SplitN(string(sw), "var "+list+" = ", 2)[1], ";\n", 2)[0]
		var files []string
		if err := json.Unmarshal([]byte(line), &files); err != nil {
			t.Fatalf("%s: %v", list, err)
		}
		for _, f := range files {
			p := filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(f, "/")))
			if strings.HasSuffix(f, "/") {
				p = filepath.Join(p, "index.html")
			}
			if _, err := os.Stat(p); err != nil {
				t.Errorf("sw.js %s names %s, which the site lacks", list, f)
			}
		}
	}
	if strings.Contains(string(sw), "bjchart.wasm") {
		t.Errorf("sw.js keeps the WebAssembly when it installs: a first visit would fetch it")
	}
	for _, f := range []string{"bjchart.wasm", "bjchart.wasm.gz", "bjchart-draw.wasm", "bjchart-draw.wasm.gz", "assets/wasm_exec.js", "assets/worker.js", "assets/app.js", "manifest.webmanifest", "index.html", "sim/index.html", "drill/table/index.html"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
			t.Errorf("the site lacks %s", f)
		}
	}

	// Again, over the first, named from its folder (the WebAssembly is
	// built elsewhere); then cancelled, which leaves the first.
	t.Chdir(filepath.Dir(out))
	job.out = "site"
	if _, err := job.Run(context.Background(), nil); err != nil {
		t.Fatalf("a second site over the first: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := job.Run(ctx, nil); err == nil {
		t.Error("a cancelled run succeeded")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("after a cancelled run the parent holds %d entries, want the site alone", len(entries))
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Error("a cancelled run removed the site there")
	}
}

// TestShortRules: a game as people write it, which names the same game.
func TestShortRules(t *testing.T) {
	for in, want := range map[string]string{"6D H17 DAS LS": "6D H17 DAS LS", "6D S17 DOA DAS SPL3 NS 3:2 PEEK": "6D S17 DAS", "2D H17 NDAS 6:5": "2D H17 NDAS 6:5", "1D H17 D10 ES": "1D H17 D10 DAS ES"} {
		r, err := solve.ParseRules(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := shortRules(r); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
