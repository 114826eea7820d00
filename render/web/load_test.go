package web

import (
	"bjchart/render/draw"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestLoad runs 16 clients for 30 s against a server on loopback, each
// asking in turn for pages and downloads of a dozen rule sets and for bad
// input: no answer may be a 5xx, and the heap stays bounded. It reports
// the latencies' median and 99th percentile. Run with -long.
func TestLoad(t *testing.T) {
	if !*long {
		t.Skip("a 30-second load test; run with -long")
	}
	srv := httptest.NewServer(New(Options{Painter: draw.Painter{}, Version: "load"})) // 127.0.0.1, a free port
	defer srv.Close()
	targets := []string{
		"/?rules=6D+H17+DAS+LS", "/?rules=6D+S17", "/?rules=2D+H17+DAS", "/?rules=1D+S17+NDAS",
		"/?rules=8D+H17+DAS+LS+ENHC", "/?rules=INF", "/?rules=4D+S17+6:5", "/?rules=6D+H17+DAS+LS&hand=T,6+v+T",
		"/api/chart.json?rules=6D+S17", "/api/chart.csv?rules=2D+H17+DAS", "/api/hand.json?rules=INF&hand=16+v+T",
		"/card.pdf?rules=6D+H17+DAS+LS", "/plot.png?rules=INF&table=soft",
		"/api/effects.json?rules=INF+H17", "/?rules=2D+S17+5C21=3:2+6C21=2:1+7C21=3:1",
		"/?rules=6D+H18", "/api/chart.json?rules=%ff", "/?rules=6D&bogus=1", "/card.pdf?rules=INF&size=poster",
		"/sim/plot.png?rules=6D&count=hilo", "/sim?rules=6D&count=hilo&ramp=1:0", "/indices/card.pdf?rules=6D&shoes=9999",
	}
	const clients, length = 16, 30 * time.Second
	deadline := time.Now().Add(length)
	var mu sync.Mutex
	var latencies []time.Duration
	codes := map[int]int{}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i++ { // bounded by the deadline
				start := time.Now()
				code, err := fetch(srv.URL + targets[i%len(targets)])
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				latencies = append(latencies, time.Since(start))
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	slices.Sort(latencies)
	at := func(q float64) time.Duration { return latencies[int(q*float64(len(latencies)-1))] }
	t.Logf("%d requests in %v from %d clients: %v; latency p50 %v, p99 %v, max %v; heap in use after GC %d MB",
		len(latencies), length, clients, codes, at(0.5).Round(time.Microsecond), at(0.99).Round(time.Microsecond),
		latencies[len(latencies)-1].Round(time.Millisecond), ms.HeapInuse>>20)
	for code, n := range codes {
		if code >= 500 {
			t.Errorf("%d answers of %d", n, code)
		}
	}
	if ms.HeapInuse > 1<<30 {
		t.Errorf("heap in use %d MB after the load: not bounded", ms.HeapInuse>>20)
	}
}

// TestHeavyRoutesShareTheSlots: 16 concurrent comparisons of distinct
// games, then 16 concurrent distinct house games, then 8 concurrent
// games' rule effects, against a server on loopback: no answer is a 5xx,
// and the heap in use (sampled every 20 ms while they run) stays under
// 400 MB (the web topic states the measured peak), since every solve
// waits for one of the two worker slots and a game's effects for both.
// Each route's repeat is then cached. Run with -long.
func TestHeavyRoutesShareTheSlots(t *testing.T) {
	if !*long {
		t.Skip("32 heavy requests, about a minute; run with -long")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(MemoryLimit)) // as 'bjchart serve' sets it
	server := New(Options{Painter: draw.Painter{}, Version: "load"})
	srv := httptest.NewServer(server) // 127.0.0.1, a free port
	defer srv.Close()
	// solves is the work the server has run: a repeat that is kept adds
	// none (asked by what happened, not by how long the repeat took).
	solves := func() int64 {
		return server.tables.computed.Load() + server.diffs.computed.Load() + server.houses.computed.Load()
	}
	var compares, houses, effects []string
	for _, d := range []string{"1D", "2D", "4D", "6D", "8D", "3D", "5D", "7D"} {
		effects = append(effects, "/api/effects.json?rules="+d+"+H17+DAS+LS")
		compares = append(compares, "/api/diff.json?rules="+d+"+H17+DAS+LS&chart=wizard-4to8d-h17-das-ls",
			"/api/diff.json?rules="+d+"+S17+DAS+LS&chart=wizard-4to8d-s17-das-ls")
		houses = append(houses, "/house.json?rules=HOUSE+"+d, "/house.json?rules="+d+"+LADDER+5CX=2+BET=1-10")
	}
	var peak uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
	}()
	for _, batch := range [][]string{compares, houses, effects} {
		start := time.Now()
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for _, target := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, err := fetch(srv.URL + target)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		took := time.Since(start)
		var again time.Time
		var before int64
		for range 2 { // the first may solve again (the cache keeps the latest few); the second is kept
			again, before = time.Now(), solves()
			fetch(srv.URL + batch[0])
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("%d concurrent %s: %v in %v; a repeat %v; peak heap so far %d MB, %d MB in use after GC", len(batch), batch[0][:8], codes,
			took.Round(time.Millisecond), time.Since(again).Round(time.Microsecond), peak>>20, ms.HeapInuse>>20)
		if codes[200] != len(batch) {
			t.Errorf("%s...: answers %v, want %d of 200", batch[0], codes, len(batch))
		}
		if n := solves() - before; n != 0 {
			t.Errorf("%s asked again: %d solves run, not kept", batch[0], n)
		}
	}
	close(stop)
	<-sampled
	t.Logf("heap in use at most %d MB", peak>>20)
	if peak > 400<<20 {
		t.Errorf("heap in use reached %d MB: the heavy routes are not bounded", peak>>20)
	}
}

// fetch gets a URL of the server under test and reads its answer whole.
func fetch(url string) (int, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, err
}
