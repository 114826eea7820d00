package main

import (
	"bytes"
	"errors"

	"bjchart/charts"

	"bjchart/render"
	"bjchart/solve/count"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type indicesOptions struct {
	req    count.IndicesRequest
	format string
}

func newIndicesCmd(e env) *cobra.Command {
	o := &indicesOptions{}
	cmd := &cobra.Command{
		Use:   "indices",
		Short: "Compute a count's index plays for the rules, each with its error bar",
		Long: `Compute index plays: for each decision, the true count at or above which
the index play beats the base play. The EVs of the plays are exact on each
of --shoes depleted shoes (a shuffled shoe dealt to a random depth below
--penetration; later decisions after a hit are the best for the exact
cards); the index is where a least-squares line of the play's gain on the
true count (running count per deck left) crosses zero, reported with its
standard error and rounded to the nearest integer for memorising. The
fit takes each rank's unseen share, less its mean at the count (measured
on 200 dealt, unsolved shoes per solved one), as a control variate: the
scatter of the ranks the count does not see leaves the error. Dealt
shoes are kept the more often the larger their true count (--oversample, 0.5:
a shoe at 0 about one time in twenty, beyond +-6 always) and each is
weighed back by one over its chance of being kept, so that indices far
from zero have shoes near them while the fit stays the dealt shoes' in
expectation (--oversample 0 keeps every dealt shoe).

Sets: i18 (the Illustrious 18, insurance included), fab4 (late
surrender), i18,fab4 (both), all (every cell of the chart, and
insurance). The two split decisions of the I18 (T,T v 5 and v 6) solve
one up card's hand graphs for that pair on every shoe, exact resplits
included (about 3 ms a shoe at 6 decks), the others a few hands: 600
shoes of the I18 and Fab 4 take about 5 s on two cores. The set all
solves the whole table on every shoe (about 130 ms a shoe at 6 decks on
one core: 200 shoes take about 25 s on two) and reports, for each
cell, every play that overtakes the basic one (the full shoe's best)
within the counts sampled: true counts -8..+8, fitted on at least 30
shoes and known to within one point (one standard error); the crossings
it cannot place, with why; and the plays that never do (JSON lists
each). It takes at most 4,000 shoes (about 1 MB of memory a shoe). A
progress bar shows on a terminal.

Counts: the built-in ones or custom tags ("A=-1,2=1,...,T=-1"). Balanced
counts are read as true counts, unbalanced ones (ko, red7, Itoh 2023's
itoh-pm1 and itoh-pm3) as running counts from (1 - decks) x their tags
per deck. The published values beside them are Hi-Lo's.

A run splits across machines: --shard i/n solves part i of n of the
shoes and writes them as JSON; 'bjchart indices merge' joins every part
into the table the whole run gives, to the last digit.`,
		Example: `  bjchart indices --rules "6D S17 DAS LS" --set i18,fab4 --shoes 200
  bjchart indices --rules "2D H17 DAS" --set i18 --shoes 150 --format json
  bjchart indices --rules "6D H17 DAS" --set all --format csv
  bjchart indices --rules "6D S17 DAS LS" --shoes 6000 --shard 3/10 > part3.json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.req = count.DefaultIndicesRequest()
	var fields param.Set
	o.req.Params(&fields)
	o.req.ShardParams(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s (a --shard part is JSON)", "text", "json", "csv")
	cmd.AddCommand(newIndicesMergeCmd(e))
	return cmd
}

func (o *indicesOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	if job.Shards > 0 {
		if err := partIsJSON(cmd, o.format, "", "bjchart indices merge"); err != nil {
			return err
		}
		bar := newProgress(e, int64((job.Shoes+job.Shards-1)/job.Shards), "sampling shoes", "shoes", progressbar.OptionShowCount())
		part, err := job.RunPart(cmd.Context(), bar.Add, buildVersion())
		bar.Finish()
		if err != nil {
			return err
		}
		return writeStdout(e, "json", func(b *bytes.Buffer) error { return render.WriteCompactJSON(b, part) })
	}
	bar := newProgress(e, int64(job.Shoes), "sampling shoes", "shoes", progressbar.OptionShowCount())
	res, err := job.Run(cmd.Context(), bar.Add)
	bar.Finish()
	if err != nil {
		return err
	}
	return writeIndices(e, o.format, res)
}

// writeIndices writes an index run's report in the format.
func writeIndices(e env, format string, res count.Indices) error {
	rep := render.NewIndicesReport(res)
	return writeStdout(e, format, func(b *bytes.Buffer) error {
		switch format {
		case "json":
			return render.WriteJSON(b, rep)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}

func newIndicesMergeCmd(e env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Join the parts of an index run split with --shard",
		Long: `Join the parts of an index run split across machines with --shard i/n:
every shoe is dealt again from the seed, takes the solved points a part
wrote for it, and the indices are fitted as the whole run fits them (the
same table, to the last digit). Every part must be there once, and all
must come from the same command and version of bjchart but for --shard.`,
		Example: `  bjchart indices --shoes 2000 --shard 1/2 > part1.json
  bjchart indices --shoes 2000 --shard 2/2 > part2.json
  bjchart indices merge part1.json part2.json`,
		Args: argsBetween(1, -1, "the files of the parts"),
		RunE: func(cmd *cobra.Command, args []string) error {
			read := partReader(maxIndicesPart, "a part holds a few kilobytes a shoe (some 100 kB with --set all)")
			res, err := count.IndicesMergeRequest{Parts: args}.Run(cmd.Context(), read, nil)
			var re *charts.ReadError
			switch {
			case errors.As(err, &re):
				return err // a part that cannot be read (exit 1)
			case errors.Is(err, count.ErrStopped):
				return err
			case err != nil:
				return usageError{err}
			}
			return writeIndices(e, format, res)
		},
	}
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

// maxIndicesPart bounds a part's file: 4 GiB, some 40,000 shoes of every
// cell or half a million of the I18 and Fab 4.
const maxIndicesPart = 4 << 30
