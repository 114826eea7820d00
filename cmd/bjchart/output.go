package main

import (
	"bjchart/solve/param"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// writeFileAtomic writes data to path whole or not at all, by the one
// rule for outputs (param.WriteFile): never over a file the run reads.
func (e env) writeFileAtomic(path string, data []byte) error {
	return param.WriteFile(path, data, e.reads.list())
}

// checkWritable fails early, before a long run, where writing path
// would: a refused path, or a folder that takes no new file.
func (e env) checkWritable(path string) error {
	if path == "-" {
		return nil
	}
	return param.CheckWritable(path, e.reads.list())
}

// readFiles are the files a run reads: the values of its flags other
// than the outputs', and its arguments, that name existing files.
type readFiles struct{ paths []string }

// outputFlags are the flags that name a file the run writes.
var outputFlags = []string{"output", "out", "card", "plot"}

// list is the files read (none for a nil readFiles).
func (r *readFiles) list() []string {
	if r == nil {
		return nil
	}
	return r.paths
}

// note records the files that c's flags and args name (on a nil
// readFiles, nothing).
func (r *readFiles) note(c *cobra.Command, args []string) {
	if r == nil {
		return
	}
	add := func(v string) {
		if fi, err := os.Stat(v); err == nil && fi.Mode().IsRegular() {
			r.paths = append(r.paths, v)
		}
	}
	c.Flags().Visit(func(f *pflag.Flag) {
		if !slices.Contains(outputFlags, f.Name) {
			add(f.Value.String())
		}
	})
	for _, a := range args {
		add(a)
	}
}

// progress shows a long computation's progress: a bar on a terminal, and
// off one (where the bar is hidden) a one-line estimate of the time left,
// printed once when the run will take over a minute more. The pace is
// taken from the first unit done on (the setup before it, a solve or a
// table, is not part of the pace) over at least estimateAfter and a
// fiftieth of the units, so that the first units' warm-up (caches
// filling, workers starting) does not inflate it. It may be updated from
// any goroutine.
type progress struct {
	bar        *progressbar.ProgressBar
	stderr     io.Writer
	what, unit string
	total      int64
	terminal   bool

	mu          sync.Mutex
	done        int64
	told        bool
	firstDone   int64     // units done at the first update with any
	firstUpdate time.Time // when that was
}

// estimateAfter is how long a run goes before its pace is taken.
const estimateAfter = 2 * time.Second

func newProgress(e env, total int64, what, unit string, opts ...progressbar.Option) *progress {
	terminal := e.colorAuto(e.stderr)
	opts = append([]progressbar.Option{
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetVisibility(terminal),
		progressbar.OptionSetDescription(what),
		progressbar.OptionClearOnFinish(),
	}, opts...)
	return &progress{bar: progressbar.NewOptions64(total, opts...), stderr: e.stderr, what: what, unit: unit,
		total: total, terminal: terminal}
}

// SetOf records that done units are done of a total the run finds out
// as it goes (0 until then). Workers may report out of order: the bar
// keeps the most done.
func (p *progress) SetOf(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if total != p.total {
		p.total = total
		p.bar.ChangeMax64(total)
	}
	if done < p.done {
		return
	}
	p.done = done
	p.estimate()
	p.bar.Set64(done)
}

func (p *progress) Finish() { p.bar.Finish() }

// estimate prints the run's estimated time left once, off a terminal, if
// it is over a minute; p.mu is held.
func (p *progress) estimate() {
	if p.told || p.terminal || p.done == 0 {
		return
	}
	if p.firstUpdate.IsZero() {
		p.firstDone, p.firstUpdate = p.done, time.Now()
		return
	}
	since := time.Since(p.firstUpdate)
	units := p.done - p.firstDone
	if since < estimateAfter || units < max(1, p.total/50) {
		return
	}
	p.told = true
	left := time.Duration(float64(since) * float64(p.total-p.done) / float64(units))
	if left > time.Minute {
		fmt.Fprintf(p.stderr, "bjchart: %s: about %s more (from the pace of %d %s in %s; %d of %d done)\n",
			p.what, left.Round(time.Second), units, p.unit, since.Round(time.Second), p.done, p.total)
	}
}
