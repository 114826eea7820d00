// Package browsertest drives headless Chromium for the page's browser
// tests and the static site's.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BrowserEnv, set, makes a browser test run (and fail without chromium);
// ScreenshotsEnv names a folder for the pages' screenshots.
const (
	BrowserEnv     = "BJCHART_BROWSER_TEST"
	ScreenshotsEnv = "BJCHART_SCREENSHOTS"
)

// New starts headless Chromium (Debian's chromium package) for a
// test, for at most limit. Without long (-long) or $BJCHART_BROWSER_TEST the test
// is skipped; without chromium it is skipped too, unless
// $BJCHART_BROWSER_TEST says it must run.
func New(t *testing.T, limit time.Duration, long bool) (context.Context, context.CancelFunc) {
	t.Helper()
	if !long && os.Getenv(BrowserEnv) == "" && os.Getenv(ScreenshotsEnv) == "" {
		t.Skip("drives chromium; -long or " + BrowserEnv + "=1 runs it (.ci/run sets both)")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv(BrowserEnv) != "" {
			t.Fatalf("%s is set but there is no chromium: %v", BrowserEnv, err)
		}
		t.Skip("no chromium: install Debian's chromium package (apt-get install chromium) or run .ci/run, which does")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 1000))
	alloc, stopAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, stopBrowser := chromedp.NewContext(alloc)
	ctx, stop := context.WithTimeout(ctx, limit)
	return ctx, func() { stop(); stopBrowser(); stopAlloc() }
}

// WiderThanBox lists the elements of a page wider than the window or
// than their own box (a box that scrolls hides what it holds), a text
// field's own text aside.
const WiderThanBox = `(() => { const out = []; for (const el of document.querySelectorAll("body *")) { const r = el.getBoundingClientRect();
	if (r.width > 0 && (r.right > window.innerWidth + 1 || el.tagName !== "INPUT" && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible"))
		out.push(el.tagName + (el.id ? "#" + el.id : "") + " " + Math.round(r.width) + "/" + el.scrollWidth); }
	return out.slice(0, 6).join(", "); })()`

// WaitFor waits until a JavaScript expression is true on the page,
// through the navigations a key or a tap starts (an evaluation that
// fails while the page changes is tried again) and its scripts' loading
// (a key sent before them is lost), for up to 20 s.
func WaitFor(expr string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			var ok bool
			if err := chromedp.Evaluate(`document.readyState === "complete" && (`+expr+`)`, &ok).Do(ctx); err == nil && ok {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		return fmt.Errorf("waited 20 s for %s", expr)
	})
}
