package web

import (
	"bjchart/render/draw"
	"bufio"
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestJobQueue: the second job waits and is told where it stands, with
// the running job's pace; the line holds maxQueued and refuses one more;
// the slot passes to the first in line.
func TestJobQueue(t *testing.T) {
	q := newJobQueue()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	release, err := q.take(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var done atomic.Int64
	done.Store(50)
	q.running(&done, 100)
	q.mu.Lock()
	q.started = time.Now().Add(-10 * time.Second) // half done in 10 s: a pace to go by
	q.mu.Unlock()
	statuses := make(chan string, 100)
	got := make(chan error, 1)
	go func() {
		free, err := q.take(ctx, func(s string) {
			select {
			case statuses <- s:
			default:
			}
		})
		if err == nil {
			free()
		}
		got <- err
	}()
	first := <-statuses
	if !strings.HasPrefix(first, "waiting: 1 job ahead; the running one ends in about 10s") {
		t.Errorf("status %q", first)
	}
	var waiters []context.CancelFunc
	for range maxQueued - 1 { // the line filled
		wctx, wcancel := context.WithCancel(ctx)
		waiters = append(waiters, wcancel)
		go q.take(wctx, nil)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		q.mu.Lock()
		n := len(q.waiting)
		q.mu.Unlock()
		if n == maxQueued || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := q.take(ctx, nil); !errors.Is(err, errQueueFull) {
		t.Errorf("a job past a full line: %v", err)
	}
	for _, c := range waiters {
		c()
	}
	release()
	if err := <-got; err != nil {
		t.Errorf("the first in line: %v", err)
	}
}

// TestJobsSayWhereTheyStand: a simulation started while another runs is
// told it waits, one job ahead, before its own progress.
func TestJobsSayWhereTheyStand(t *testing.T) {
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "test"}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	open := func(query string) *bufio.Scanner {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/sim/run?"+query, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return bufio.NewScanner(resp.Body)
	}
	first := open("rules=INF&rounds=20M")
	for first.Scan() && !strings.HasPrefix(first.Text(), "event: progress") {
	}
	second := open("rules=INF&rounds=20k&seed=2")
	queued := false
	for n := 0; n < 20 && second.Scan(); n++ {
		if line := second.Text(); strings.HasPrefix(line, "data: waiting: 1 job ahead") {
			queued = true
			break
		}
	}
	if !queued {
		t.Error("the second job was not told it waits one job ahead")
	}
}

// TestJobOutlivesWriteTimeout: a job the page started runs to its result
// though it takes longer than the server's write timeout (here 0.1 s); a
// job whose browser leaves stops within seconds and frees the slot.
func TestJobOutlivesWriteTimeout(t *testing.T) {
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	srv := httptest.NewUnstartedServer(s)
	srv.Config.WriteTimeout = 100 * time.Millisecond
	srv.Start()
	defer srv.Close()
	start := time.Now()
	resp, err := http.Get(srv.URL + "/indices/run?rules=1D+S17+DAS&set=i18&shoes=50")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if !strings.Contains(string(body), "event: result") {
		t.Errorf("a job of %v under a 0.1 s write timeout: no result: %.300q", took, body)
	}
	if took < 100*time.Millisecond {
		t.Logf("the job took %v, within the write timeout: the test shows nothing on this machine", took)
	}

	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/indices/run?rules=1D+S17+DAS&set=all&shoes=200", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	resp.Body.Read(buf) // the job has its turn
	time.Sleep(250 * time.Millisecond)
	cancel()
	resp.Body.Close()
	left := time.Now()
	wait, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	release, err := s.jobs.take(wait, nil)
	if err != nil {
		t.Fatalf("the slot was still held 10 s after the browser left: %v", err)
	}
	release()
	t.Logf("the slot was free %v after the browser left", time.Since(left))
}

// TestDefaultRiskJobFinishes: the risk page's form at its defaults, sent
// to a server whose write timeout is the one 'bjchart serve' sets (90 s),
// runs to its result, its progress rising on the way (the exact shoes'
// phase included). Run with -long: it is the whole default job, about a
// minute on two cores.
func TestDefaultRiskJobFinishes(t *testing.T) {
	if !*long {
		t.Skip("the risk page's default job, about a minute; run with -long")
	}
	s := New(Options{Painter: draw.Painter{}, Version: "test"})
	srv := httptest.NewUnstartedServer(s)
	srv.Config.WriteTimeout = 90 * time.Second
	srv.Start()
	defer srv.Close()
	page := get(t, s, "/risk?go=1").Body.String() // the form at its defaults, sent
	i := strings.Index(page, `data-stream="`)
	if i < 0 {
		t.Fatal("the risk page starts no job at its defaults")
	}
	stream := html.UnescapeString(page[i+len(`data-stream="`):])
	stream = stream[:strings.Index(stream, `"`)]
	start := time.Now()
	resp, err := http.Get(srv.URL + stream)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	progress := strings.Count(string(body), "event: progress")
	if !strings.Contains(string(body), "event: result") || progress < 10 {
		t.Errorf("%s: %d progress events and no result after %v: %.300q", stream, progress, time.Since(start), body)
	}
	t.Logf("%s: the result after %v, %d progress events", stream, time.Since(start).Round(time.Second), progress)
}

// TestOneJobOneEstimate: waiters asking within the same second are told
// the same end of the running job, though its progress moved between.
func TestOneJobOneEstimate(t *testing.T) {
	q := newJobQueue()
	var done atomic.Int64
	q.running(&done, 1000)
	q.started = time.Now().Add(-10 * time.Second)
	q.waiting = []int{0, 1, 2}
	done.Store(300)
	first := q.standing(0)
	done.Store(320) // a moment later, further on
	for ticket := 1; ticket < 3; ticket++ {
		got := q.standing(ticket)
		if _, end, _ := strings.Cut(got, ";"); !strings.HasSuffix(first, end) {
			t.Errorf("waiter %d told %q; the first %q: want one estimate", ticket, got, first)
		}
	}
	if !strings.Contains(first, "ends in about") {
		t.Errorf("estimate %q", first)
	}
}

// TestLimitFromTheSlot: a solve's time limit runs from its slot, not from
// its request's arrival: the second solve, which waited in line behind
// the first, is given the whole limit from the moment the first freed the
// slot.
func TestLimitFromTheSlot(t *testing.T) {
	c := newWorkCache[int](4, make(chan struct{}, 1))
	c.limit = time.Hour
	release, freed := make(chan struct{}), make(chan time.Time, 1)
	go c.getKey(context.Background(), "first", func(context.Context) (int, error) {
		<-release
		freed <- time.Now()
		return 1, nil
	})
	for started := false; !started; time.Sleep(time.Millisecond) {
		started = len(c.slots) == 1
	}
	deadline := make(chan time.Time, 1)
	done := make(chan error, 1)
	go func() {
		_, err := c.getKey(context.Background(), "second", func(ctx context.Context) (int, error) {
			d, _ := ctx.Deadline()
			deadline <- d
			return 2, nil
		})
		done <- err
	}()
	close(release)
	at := <-freed
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if d := <-deadline; d.Before(at.Add(c.limit)) {
		t.Errorf("the second solve's deadline %v is before the slot freed plus the limit (%v)", d, at.Add(c.limit))
	}
}

// TestIndexDrillKeyIsAJob: the index drill on a game whose indices are
// not yet worked out answers at once with the job's progress bar (it
// sent nothing until they were done on build 0438fe3), the job streams
// its progress and ends with "done", and the page then deals the drill.
func TestIndexDrillKeyIsAJob(t *testing.T) {
	s := New(Options{Version: "test"})
	page := "/drill/index?rules=1D+H17+DAS+LS&seed=3"
	w := get(t, s, page)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `id="key-bar"`) || strings.Contains(w.Body.String(), `id="hand"`) {
		t.Fatalf("a new game's index drill: %d, want the working page at once:\n%.400s", w.Code, w.Body)
	}
	if s.indexKeys.mu.Lock(); len(s.indexKeys.entries) != 0 {
		t.Error("the page's first answer waited for the key")
	}
	s.indexKeys.mu.Unlock()
	m := regexp.MustCompile(`data-stream="([^"]+)"`).FindStringSubmatch(w.Body.String())
	if m == nil {
		t.Fatal("no stream on the working page")
	}
	stream := get(t, s, html.UnescapeString(m[1])).Body.String()
	if !strings.Contains(stream, "event: done") {
		t.Fatalf("the key's stream: %.300q, want progress then done", stream)
	}
	if w := get(t, s, page); !strings.Contains(w.Body.String(), `id="hand"`) {
		t.Errorf("after the key: no drill dealt:\n%.400s", w.Body)
	}
}
