package main

import (
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
	env
	req         count.IndicesRequest
	format      string
	formatGiven bool // --format given (a --shard part is JSON)
}

func newIndicesCmd(e env) *cobra.Command {
	o := &indicesOptions{env: e, req: count.DefaultIndicesRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			o.formatGiven = cmd.Flags().Changed("format")
			return runIndices(cmd.Context(), o)
		},
	}
	var fields param.Set
	o.req.Params(&fields)
	o.req.ShardParams(&fields)
	bindParams(cmd, &fields)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s (a --shard part is JSON)", "text", "json", "csv")
	cmd.AddCommand(newIndicesMergeCmd(e))
	return cmd
}

func runIndices(ctx context.Context, o *indicesOptions) error {
	req := o.req
	req.Version = buildVersion() // a part's
	job, err := req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	shoes := bar{"sampling shoes", "shoes", []progressbar.Option{progressbar.OptionShowCount()}}
	if job.Shards > 0 {
		if err := partIsJSON(o.formatGiven && o.format != "json", nil, "bjchart indices merge"); err != nil {
			return err
		}
		part, err := runJob(ctx, o.env, shoes, job.RunPart)
		if err != nil {
			return err
		}
		return o.print("json", report{json: compactJSON(part)})
	}
	res, err := runJob(ctx, o.env, shoes, job.Run)
	if err != nil {
		return err
	}
	return o.print(o.format, indicesReport(res))
}

// indicesReport is an index run's report, as text, JSON or CSV.
func indicesReport(res count.Indices) report {
	rep := render.NewIndicesReport(res)
	return report{text: rep.Text, json: jsonOf(rep), csv: rep.CSV}
}

// indicesMergeOptions are 'bjchart indices merge”s: the parts' files.
type indicesMergeOptions struct {
	env
	parts  []string
	format string
}

func newIndicesMergeCmd(e env) *cobra.Command {
	o := &indicesMergeOptions{env: e}
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
			o.parts = args
			return runIndicesMerge(cmd.Context(), o)
		},
	}
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json", "csv")
	return cmd
}

func runIndicesMerge(ctx context.Context, o *indicesMergeOptions) error {
	res, err := mergeIndexParts(ctx, o.parts)
	if err != nil {
		return partsError(err)
	}
	return o.print(o.format, indicesReport(res))
}

// partsError is a merge's error: a part that cannot be read is a failure
// (exit 1), an interrupt is itself, and any other the user's parts
// refused (a usage error).
func partsError(err error) error {
	if errors.As(err, new(*charts.ReadError)) || errors.Is(err, context.Canceled) {
		return err
	}
	return usageError{err}
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
