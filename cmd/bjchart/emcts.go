package main

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"bjchart/charts"
	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/sim"
)

type emctsCheckOptions struct {
	rules     ruleFlags
	cs        string
	rewards   string
	playouts  int
	threshold int
	chart     string
	runs      int
	seed      uint64
	list      int
	plot      string
	format    string
	trees     string
	backups   string
	chances   string
}

func newEMCTSCheckCmd(e env) *cobra.Command {
	o := &emctsCheckOptions{}
	cmd := &cobra.Command{
		Use:   "emcts-check",
		Short: "Measure Itoh 2023's tree search against the exact best play",
		Long: `Decide every two-card hand against every up card on a full shoe with
Itoh 2023's extended Monte-Carlo tree search (section 5; the
simulator's --strategy emcts) and set each decision beside the exact
composition-dependent best play. Each position is searched --runs times
with independent random numbers and the majority decides (a tie goes to
the play with the higher exact EV).

The tree is Itoh 2023's by default: arcs are actions, and every playout
counts in the mean of every node above it (--tree actions --backup mean).
--tree cards adds a chance node after each hit with a child per rank
drawn, and --backup max gives a node where the player chooses its best
child's value and a chance node its children's, weighed by how often
each rank was dealt there (--chance visits, what the patience-game search
Itoh's grew from does) or by each rank's exact chance (--chance exact).
Lists compare settings: --tree actions,cards --backup mean,max.

For each setting of the tree, C and the reward it reports the share of positions
decided right (each once, and weighed by how often it is dealt) and the
EV given up per round: the exact EV of the best first play minus that of
the search's, weighed by how often each hand is dealt. Decisions after a
hit are not in it. The costliest wrong decisions are listed; --plot
draws where the search errs, one setting at a time.`,
		Example: `  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS"
  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS" --tree actions,cards --backup mean,max --chance visits,exact --runs 1 --playouts 1000
  bjchart emcts-check --rules "6D S17 DOA NDAS SPL1 LS" --c 1,2,3,4 --reward winlose,table7
  bjchart emcts-check --rules "1D S17 DOA NDAS SPL1 LS" --plot emcts.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.rules.bind(cmd)
	fl := cmd.Flags()
	fl.StringVar(&o.cs, "c", "3", "UCB's exploration constant C, or several: 1,2,3,4")
	fl.StringVar(&o.rewards, "reward", "table7", "the playouts' reward, winlose or table7, or both: winlose,table7")
	fl.IntVar(&o.playouts, "playouts", 10000, "playouts per decision")
	fl.IntVar(&o.threshold, "threshold", 5, "playouts a leaf takes before it is expanded")
	fl.StringVar(&o.chart, "playout-chart", "solved", "the basic strategy the playouts play: solved or a published chart's name or file")
	fl.IntVar(&o.runs, "runs", 5, "searches per position; the majority decides")
	fl.Uint64Var(&o.seed, "seed", 1, "seed of the searches' random numbers")
	fl.IntVar(&o.list, "list", 10, "the costliest wrong decisions to list per setting (text)")
	fl.StringVar(&o.plot, "plot", "", "draw where the search errs to this file (.png, .svg or .pdf); one C and one reward")
	enumVar(fl, &o.format, "format", "text", "output format: %s", "text", "json")
	fl.StringVar(&o.trees, "tree", "actions", "the tree's arcs: actions (Itoh 2023's), cards (a chance node per rank drawn), or both: actions,cards")
	fl.StringVar(&o.backups, "backup", "mean", "a node's value: mean, max, or both: mean,max")
	fl.StringVar(&o.chances, "chance", "visits", "with --tree cards --backup max, a chance node's weights: visits, exact, or both: visits,exact")
	return cmd
}

// searchShapes lists the tree settings asked for: every tree with every
// backup, and the chance weights only where they apply (cards, max).
func (o *emctsCheckOptions) searchShapes() ([]sim.EMCTSParams, error) {
	var out []sim.EMCTSParams
	for _, tree := range strings.Split(o.trees, ",") {
		for _, backup := range strings.Split(o.backups, ",") {
			for i, chance := range strings.Split(o.chances, ",") {
				t, b, c, err := treeSettings(strings.TrimSpace(tree), strings.TrimSpace(backup), strings.TrimSpace(chance))
				if err != nil {
					return nil, err
				}
				if i > 0 && (t != sim.CardTree || b != sim.MaxBackup) {
					continue // the weights of a chance node under a max backup only
				}
				if t != sim.CardTree || b != sim.MaxBackup {
					c = sim.VisitWeights
				}
				p := sim.EMCTSParams{Tree: t, Backup: b, Chance: c}
				if slices.Contains(out, p) {
					return nil, usagef("--tree %q, --backup %q, --chance %q: a setting given twice; give each once", o.trees, o.backups, o.chances)
				}
				out = append(out, p)
			}
		}
	}
	return out, nil
}

func (o *emctsCheckOptions) run(cmd *cobra.Command, e env) error {
	var cs []float64
	for _, f := range strings.Split(o.cs, ",") {
		c, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(c >= 0) || math.IsInf(c, 0) || slices.Contains(cs, c) {
			return usagef("--c %q: want constants of 0 or more, each once, e.g. 3 or 1,2,3,4", o.cs)
		}
		cs = append(cs, c)
	}
	rewards := strings.Split(o.rewards, ",")
	for i, rw := range rewards {
		rewards[i] = strings.TrimSpace(rw)
		if rewards[i] != "winlose" && rewards[i] != "table7" || slices.Contains(rewards[:i], rewards[i]) {
			return usagef("--reward %q: want winlose, table7 or winlose,table7, each once", o.rewards)
		}
	}
	if o.runs < 1 || o.runs > 1000 {
		return usagef("--runs %d: want 1 to 1000", o.runs)
	}
	if o.list < 0 {
		return usagef("--list %d: want 0 or more", o.list)
	}
	shapes, err := o.searchShapes()
	if err != nil {
		return err
	}
	if o.plot != "" {
		if n := len(cs) * len(rewards) * len(shapes); n != 1 {
			return usagef("--plot draws one setting: give one --c, --reward, --tree, --backup and --chance (got %d settings)", n)
		}
		if ext := strings.ToLower(filepath.Ext(o.plot)); !slices.Contains(render.HeatmapFormats, strings.TrimPrefix(ext, ".")) {
			return usagef("--plot %q: unknown extension %q; want .png, .svg or .pdf", o.plot, ext)
		}
		if err := checkWritable(o.plot); err != nil {
			return err
		}
	}
	r, err := o.rules.resolve(cmd)
	if err != nil {
		return err
	}
	if r.Infinite() {
		return usagef("emcts-check searches a finite shoe's unseen cards; give --decks")
	}
	for _, rw := range rewards { // the settings' mistakes before the solve
		if _, err := (&searchFlags{playouts: o.playouts, c: cs[0], reward: rw, threshold: o.threshold, tree: "actions", backup: "mean", chance: "visits"}).params(); err != nil {
			return err
		}
	}
	if o.chart != "solved" {
		if _, err := charts.Load(o.chart); err != nil {
			return chartError(err)
		}
	}
	s, err := solve.NewSolver(r, solve.Options{TableOnly: o.chart == "solved"}) // a published chart is valued against the solve
	if err != nil {
		return err
	}
	strat, _, note, err := simStrategy(s, o.chart)
	if err != nil {
		return err
	}
	chart := strat.(*sim.Chart)
	playout := o.chart
	if note != "" {
		playout += " (" + note + ")"
	}
	rep := render.EMCTSCheckReport{Rules: r.String(), Playouts: o.playouts, Threshold: o.threshold, Runs: o.runs, Seed: o.seed, Playout: playout}
	tab := s.Table()
	bar := newProgress(e, int64(len(shapes)*len(cs)*len(rewards)*len(tab.Hands)), "searching", "positions")
	var base int64
	for _, shape := range shapes {
		for _, rw := range rewards {
			for _, c := range cs {
				f := searchFlags{playouts: o.playouts, c: c, reward: rw, threshold: o.threshold, tree: "actions", backup: "mean", chance: "visits"}
				p, err := f.params()
				if err != nil {
					return err
				}
				p.Tree, p.Backup, p.Chance = shape.Tree, shape.Backup, shape.Chance
				ps, err := sim.CheckEMCTS(tab, chart, p, o.runs, o.seed, func(done int) { bar.Set(base + int64(done)) })
				base += int64(len(tab.Hands))
				if err != nil {
					return usageError{err}
				}
				set := render.NewEMCTSSetting(c, rw, ps)
				set.Tree = p.String()
				rep.Settings = append(rep.Settings, set)
			}
		}
	}
	bar.Finish()
	if o.plot != "" {
		set := rep.Settings[0]
		grids, opt := render.EMCTSCheckGrids(tab, set)
		opt.Title = fmt.Sprintf("%s: eMCTS (%s, C=%g, %s, %d playouts) against the exact best play", r, set.Tree, set.C, set.Reward, o.playouts)
		format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.plot)), ".")
		if err := renderTo(e, o.plot, func(b *bytes.Buffer) error { return render.Heatmap(b, format, grids, opt) }); err != nil {
			return err
		}
	}
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		if o.format == "json" {
			return render.WriteJSON(b, rep)
		}
		return rep.Text(b, o.list)
	})
}
