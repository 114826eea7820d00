package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
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
	srv := httptest.NewServer(New(Options{Version: "load"})) // 127.0.0.1, a free port
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
				resp, err := http.Get(srv.URL + targets[i%len(targets)])
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				latencies = append(latencies, time.Since(start))
				codes[resp.StatusCode]++
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
