package main

import (
	"context"

	"bjchart/render"
	"bjchart/solve/count"

	"github.com/spf13/cobra"
)

type countsOptions struct {
	env
	req    count.CorrelationRequest
	format string
}

func newCountsCmd(e env) *cobra.Command {
	o := &countsOptions{env: e, req: count.DefaultCorrelationRequest()}
	cmd := &cobra.Command{
		Use:   "counts",
		Short: "How well each count tracks a game: effects of removal, betting correlation, playing efficiency, insurance correlation",
		Long: `Compute the game's effects of removal exactly (the change in the chart's
EV when one card of each rank is removed from the full shoe, the chart
played unchanged) and each count's betting correlation (its tags'
correlation with them over the cards of a deck) and insurance correlation
(with the insurance bet's), beside the values the counting literature
prints for the built-in counts, and bjchart's own playing efficiency (the
share of the perfect-knowledge gain from varying the chart its variations
get, in a normal approximation after Griffin; 0.01-0.03 below the printed
figures, so not put beside them). Every built-in count by default, or one
with --count or --tags.`,
		Example: `  bjchart counts --rules "1D S17 NDAS"
  bjchart counts --rules "6D H17 DAS LS" --count hilo --format json
  bjchart counts --rules 2D --tags "A=-1,2=1,3=1,4=1,5=1,6=1,7=1,T=-1"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCounts(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	enumVar(cmd.Flags(), &o.format, "format", "text", "output format: %s", "text", "json")
	return cmd
}

func runCounts(ctx context.Context, o *countsOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		return requestError(err)
	}
	rep := render.CountsReport{Correlations: res}
	return o.print(o.format, report{text: rep.Text, json: rep.JSON})
}
