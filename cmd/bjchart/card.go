package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/count"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// version is bjchart's version, printed on cards (set with -ldflags "-X main.version=...").
var version = "0.4.0-dev"

type cardOptions struct {
	env
	req  compose.CardRequest
	out  *outputFile // "": strategy-card-<rules>.pdf
	date string
}

func newCardCmd(e env) *cobra.Command {
	o := &cardOptions{env: e, req: compose.DefaultCardRequest(), out: cardFile("-o")}
	cmd := &cobra.Command{
		Use:   "card",
		Short: "Write a printable strategy card (PDF)",
		Long: `Write a printable basic-strategy card for a rule set as a vector PDF:
the hard, soft and pair tables against every up card with colour-coded
cells (the code is printed in every cell, so the card reads in black and
white too), a legend, the rules and the house edge of the chart.

More: 'bjchart help cards'.`,
		Example: `  bjchart card
  bjchart card --rules "6D H17 DAS LS" -o my-game.pdf
  bjchart card --rules "2D H17 DAS" --size wallet --paper a4
  bjchart card --rules "1D S17" --ev --diff thorp-1966-1deck
  bjchart card --rules "6D S17 DAS LS" --count hilo --set i18,fab4
  bjchart card --rules "6D H17 DAS" --count hilo --set all --size wallet`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCard(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	fl := cmd.Flags()
	fl.VarP(o.out, "output", "o", "output file (default: strategy-card-<rules>.pdf)")
	fl.StringVar(&o.date, "date", "", "date printed on the card and in the PDF, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	for _, f := range count.IndexFields {
		needs(cmd, f, "count", "tags")
	}
	return cmd
}

func runCard(ctx context.Context, o *cardOptions) error {
	if o.out.given() { // a name that is no PDF's, refused first
		if _, err := o.out.format(""); err != nil {
			return err
		}
	}
	date, err := printDate(o.env, o.date)
	if err != nil {
		return err
	}
	if o.req.DiffChart, err = chartFile(o.req.Diff); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	out := *o.out
	if !out.given() {
		out.path = "strategy-card-" + strings.NewReplacer(" ", "-", ":", "-").Replace(job.Rules().String()) + ".pdf"
	}
	if _, err := out.check(o.env, ""); err != nil {
		return err
	}
	c, err := runJob(ctx, o.env, bar{"sampling shoes", "shoes", []progressbar.Option{progressbar.OptionShowCount()}}, job.Run)
	if err != nil {
		return err
	}
	c.Options.Version, c.Options.Date = version, date
	return o.writeOutput(&out, func(b *bytes.Buffer) error { return draw.Card(b, c.Table, c.Options) })
}

// printDate is the day a card prints, at midnight UTC (no time of day, so
// that a PDF is the same all day): --date (YYYY-MM-DD), else the day of
// $SOURCE_DATE_EPOCH (the reproducible-builds convention), else today.
// Both are held to the years 1970 to 9999.
func printDate(e env, flag string) (time.Time, error) {
	const maxEpoch = 253402300799 // 9999-12-31T23:59:59Z
	switch epoch := e.getenv("SOURCE_DATE_EPOCH"); {
	case flag != "":
		d, err := time.Parse("2006-01-02", flag)
		if err != nil || d.Year() < 1970 {
			return d, usagef("--date %q: want a day from 1970-01-01 to 9999-12-31 as YYYY-MM-DD", flag)
		}
		return d, nil
	case epoch != "":
		sec, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil || sec < 0 || sec > maxEpoch {
			return time.Time{}, usagef("SOURCE_DATE_EPOCH=%q: want seconds since 1970, from 0 to %d (the end of 9999)", epoch, maxEpoch)
		}
		return time.Unix(sec, 0).UTC().Truncate(24 * time.Hour), nil
	}
	return time.Now().UTC().Truncate(24 * time.Hour), nil
}
