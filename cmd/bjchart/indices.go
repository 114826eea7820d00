package main

import (
	"bytes"
	"context"
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
		Long: `Compute index plays for the rules: for each decision, the true count at
or above which the index play beats the basic play, with its standard
error, from --shoes depleted shoes each solved exactly. Sets: i18 (the
Illustrious 18), fab4 (late surrender), i18,fab4, all (every cell).

More: 'bjchart help index-plays'.`,
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
	req := o.req
	req.Version = buildVersion() // a part's
	job, err := req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	if job.Shards > 0 {
		if err := partIsJSON(cmd, o.format, "", "bjchart indices merge"); err != nil {
			return err
		}
		bar := newProgress(e, int64((job.Shoes+job.Shards-1)/job.Shards), "sampling shoes", "shoes", progressbar.OptionShowCount())
		part, err := job.RunPart(cmd.Context(), bar.SetOf)
		bar.Finish()
		if err != nil {
			return err
		}
		return writeStdout(e, "json", func(b *bytes.Buffer) error { return render.WriteCompactJSON(b, part) })
	}
	bar := newProgress(e, int64(job.Shoes), "sampling shoes", "shoes", progressbar.OptionShowCount())
	res, err := job.Run(cmd.Context(), bar.SetOf)
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
			res, err := mergeIndexParts(cmd.Context(), args)
			var re *charts.ReadError
			switch {
			case errors.As(err, &re):
				return err // a part that cannot be read (exit 1)
			case errors.Is(err, context.Canceled):
				return err // interrupted
			case err != nil:
				return usageError{err}
			}
			return writeIndices(e, format, res)
		},
	}
	enumVar(cmd.Flags(), &format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

// mergeIndexParts reads the parts of a split index run and fits them as
// one run (count.IndicesMergeRequest).
func mergeIndexParts(ctx context.Context, parts []string) (count.Indices, error) {
	job, err := count.IndicesMergeRequest{Parts: parts}.Check()
	if err != nil {
		return count.Indices{}, err
	}
	return job.Run(ctx, nil)
}
