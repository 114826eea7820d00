package main

import (
	"bytes"

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
standard error and rounded to the nearest integer for memorising.

Sets: i18 (the Illustrious 18, insurance included), fab4 (late
surrender), i18,fab4 (both), all (every cell of the chart, and
insurance). The two split decisions of the I18 (T,T v 5 and v 6) solve
one up card's hand graphs for that pair on every shoe, exact resplits
included (about 3.5 ms a shoe at 6 decks), the others a few hands: 600
shoes of the I18 and Fab 4 take about 7 s on two cores. The set all
solves the whole table on every shoe (about 150 ms a shoe at 6 decks on
one core: 600 shoes take about 48 s on two) and reports, for each
cell, every play that overtakes the basic one (the full shoe's best)
within the counts sampled: true counts -8..+8, fitted on at least 30
shoes and known to within one point (one standard error). A progress bar
shows on a terminal.

Counts: the built-in ones or custom tags ("A=-1,2=1,...,T=-1"). Balanced
counts are read as true counts, unbalanced ones (ko, red7, Itoh 2023's
itoh-pm1 and itoh-pm3) as running counts from (1 - decks) x their tags
per deck. The published values beside them are Hi-Lo's.`,
		Example: `  bjchart indices --rules "6D S17 DAS LS" --set i18,fab4 --shoes 200
  bjchart indices --rules "2D H17 DAS" --set i18 --shoes 150 --format json
  bjchart indices --rules "6D H17 DAS" --set all --format csv`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	o.req = count.DefaultIndicesRequest()
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func (o *indicesOptions) run(cmd *cobra.Command, e env) error {
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	bar := newProgress(e, int64(job.Shoes), "sampling shoes", "shoes", progressbar.OptionShowCount())
	res, err := job.Run(cmd.Context(), bar.Add)
	bar.Finish()
	if err != nil {
		return err
	}
	rep := render.NewIndicesReport(res)
	return writeStdout(e, o.format, func(b *bytes.Buffer) error {
		switch o.format {
		case "json":
			return render.WriteJSON(b, rep)
		case "csv":
			return rep.CSV(b)
		}
		return rep.Text(b)
	})
}
