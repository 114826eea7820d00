package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bjchart/render"
	"bjchart/solve"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type gridOptions struct {
	rules  ruleFlags
	decks  string
	format string
	jobs   int
}

func newGridCmd(e env) *cobra.Command {
	o := &gridOptions{}
	cmd := &cobra.Command{
		Use:   "grid",
		Short: "Solve a grid of rule sets and tabulate their EVs",
		Long: `Solve every combination of deck count x S17/H17 x DAS/NDAS x no/late
surrender on top of the base rules (--rules and the rule flags), on every
core, and print one line per rule set: the chart's EV and the
composition-dependent EVs. A progress bar shows on a terminal.`,
		Example: `  bjchart grid
  bjchart grid --decks-list 1,2,6 --rules "6:5" --format csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.decks, "decks-list", "1,2,4,6,8", "deck counts to solve, comma-separated (inf allowed)")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	fl.IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "rule sets solved at once")
	return cmd
}

// gridRow is one solved rule set.
type gridRow struct {
	Rules string          `json:"rules"`
	EV    float64         `json:"ev"`
	EVCD  render.JSONEVCD `json:"ev_cd"` // named as in chart --format json
}

func (o *gridOptions) run(cmd *cobra.Command, e env) error {
	base, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	if o.jobs < 1 {
		return usagef("--jobs %d: want at least 1", o.jobs)
	}
	var grid []solve.Rules
	var groups [][]int // rule sets dealt from the same shoe, which share a cache
	var seen []int
	for _, d := range strings.Split(o.decks, ",") {
		decks := 0
		if !strings.EqualFold(strings.TrimSpace(d), "inf") {
			n, err := strconv.Atoi(strings.TrimSpace(d))
			if err != nil || n < 1 || n > solve.MaxDecks {
				return usagef("--decks-list: %q is not a deck count (1 to %d, or inf)", d, solve.MaxDecks)
			}
			decks = n
		}
		if slices.Contains(seen, decks) { // 1,1,2 is 1,2
			continue
		}
		seen = append(seen, decks)
		var group []int
		for _, h17 := range []bool{false, true} {
			for _, das := range []bool{true, false} {
				for _, sur := range []solve.SurrenderRule{solve.NoSurrender, solve.LateSurrender} {
					r := base
					r.Decks, r.H17, r.DAS, r.Surrender = decks, h17, das, sur
					group = append(group, len(grid))
					grid = append(grid, r)
				}
			}
		}
		groups = append(groups, group)
	}

	bar := newProgress(e, int64(len(grid)), "solving", "rule sets", progressbar.OptionShowCount())
	rows := make([]gridRow, len(grid))
	errs := make([]error, len(grid))
	work := make(chan []int)
	var wg sync.WaitGroup
	for w := 0; w < min(o.jobs, len(groups)); w++ { // no more workers than groups of work
		wg.Add(1)
		go func() {
			defer wg.Done()
			for group := range work {
				// One deck count: the hand graphs and the dealer's
				// distributions are solved once for the group.
				opt := solve.Options{Cache: solve.NewCache()}
				for _, i := range group {
					t, err := solve.SolveWith(grid[i], opt)
					if err != nil {
						errs[i] = err
					} else {
						rows[i] = gridRow{t.Rules.String(), t.EV, render.JSONEVCD{CDZMinus: t.CDEV[solve.CDZMinus], CDP1: t.CDEV[solve.CDP1]}}
					}
					bar.Add()
				}
			}
		}()
	}
	for _, group := range groups {
		work <- group
	}
	close(work)
	wg.Wait()
	bar.Finish()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}

	var buf bytes.Buffer
	switch o.format {
	case "json":
		if err := render.WriteJSON(&buf, rows); err != nil {
			return err
		}
	case "csv":
		w := csv.NewWriter(&buf)
		w.Write([]string{"rules", "ev", "ev_cd.CDZ-", "ev_cd.CDP1"}) // the JSON paths
		for _, r := range rows {
			w.Write([]string{r.Rules, num(r.EV), num(r.EVCD.CDZMinus), num(r.EVCD.CDP1)})
		}
		w.Flush()
		if err := w.Error(); err != nil {
			return err
		}
	default:
		tab := tablewriter.NewTable(&buf, tablewriter.WithHeaderAutoFormat(tw.Off))
		tab.Header([]string{"rules", "edge %", "chart EV %", "CD EV % (CDZ-)", "CD EV % (CDP1)"})
		for _, r := range rows {
			edge := fmt.Sprintf("house %.4f", -100*r.EV)
			if r.EV > 0 {
				edge = fmt.Sprintf("player %.4f", 100*r.EV)
			}
			tab.Append([]string{r.Rules, edge, fmt.Sprintf("%+.4f", 100*r.EV),
				fmt.Sprintf("%+.4f", 100*r.EVCD.CDZMinus), fmt.Sprintf("%+.4f", 100*r.EVCD.CDP1)})
		}
		if err := tab.Render(); err != nil {
			return err
		}
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 9, 64) }
