package main

import (
	"bjchart/render/draw"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"bjchart/render/web"

	"github.com/chromedp/chromedp"
)

// overflowing lists the elements of the page wider than the box they are
// in, or than the window: a page that scrolls sideways, or a box that
// scrolls (and so hides) part of what it holds.
const overflowing = `(() => {
	const out = [];
	for (const el of document.querySelectorAll("body *")) {
		const r = el.getBoundingClientRect();
		if (r.width === 0) continue;
		if (r.right > window.innerWidth + 1 || el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
			out.push(el.tagName + (el.id ? "#" + el.id : "") + " " + Math.round(r.width) + "/" + el.clientWidth + "/" + el.scrollWidth + " " + JSON.stringify(el.textContent.slice(0, 60)) + " in " + el.parentElement.tagName);
		}
	}
	return out.slice(0, 5).join(", ");
})()`

// TestDocsBrowser opens the page's /docs/ and every topic at a phone's
// width (390 px) and a desktop's in Chromium: every page opens, and no
// element is wider than its box.
func TestDocsBrowser(t *testing.T) {
	if !*long && os.Getenv("BJCHART_BROWSER_TEST") == "" {
		t.Skip("drives chromium; -long or BJCHART_BROWSER_TEST=1 runs it (.ci/run sets both)")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("BJCHART_BROWSER_TEST") != "" {
			t.Fatalf("BJCHART_BROWSER_TEST is set but there is no chromium: %v", err)
		}
		t.Skip("no chromium: run .ci/run, which installs Debian's")
	}
	docs, err := webDocs(newRootCmd(env{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.New(web.Options{Painter: draw.Painter{}, Version: "test", Docs: docs}))
	defer srv.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	alloc, stopAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer stopAlloc()
	ctx, stopBrowser := chromedp.NewContext(alloc)
	defer stopBrowser()
	ctx, stop := context.WithTimeout(ctx, 120*time.Second)
	defer stop()
	pages := []string{"/docs/", "/docs/bjchart_indices", "/docs/bjchart_risk"}
	for _, tp := range topics() {
		pages = append(pages, "/docs/"+tp.Name)
	}
	for _, width := range []int64{390, 1280} {
		for _, page := range pages {
			var wide, title string
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(width, 844), chromedp.Navigate(srv.URL+page),
				chromedp.Title(&title), chromedp.Evaluate(overflowing, &wide)); err != nil {
				t.Fatal(err)
			}
			if wide != "" || title == "" {
				t.Errorf("%s at %d px (title %q): wider than their box: %s", page, width, title, wide)
			}
		}
	}
}
