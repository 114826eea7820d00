package main

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"bjchart/render/compose"
	"bjchart/render/draw"
	"bjchart/solve/count"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// version is bjchart's version, printed on cards (set with -ldflags "-X main.version=...").
var version = "0.4.0-dev"

type cardOptions struct {
	req  compose.CardRequest
	out  string
	date string
}

func newCardCmd(e env) *cobra.Command {
	o := &cardOptions{req: compose.DefaultCardRequest()}
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, e) },
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	fl.StringVarP(&o.out, "output", "o", "", "output file (default: strategy-card-<rules>.pdf)")
	fl.StringVar(&o.date, "date", "", "date printed on the card and in the PDF, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	for _, f := range count.IndexFields {
		needs(cmd, f, "count", "tags")
	}
	return cmd
}

func (o *cardOptions) run(cmd *cobra.Command, e env) error {
	if o.out != "" && o.out != "-" && !strings.HasSuffix(strings.ToLower(o.out), ".pdf") {
		return usagef("-o %q: a card is a PDF; want a name ending in .pdf", o.out)
	}
	date, err := printDate(e, o.date)
	if err != nil {
		return err
	}
	if o.req.DiffChart, err = chartFile(o.req.Diff); err != nil {
		return err
	}
	job, err := o.req.Check()
	if stop, err := e.checked(o.req, err); stop {
		return err
	}
	out := o.out
	if out == "" {
		name := strings.NewReplacer(" ", "-", ":", "-").Replace(job.Rules().String())
		out = "strategy-card-" + name + ".pdf"
	}
	if err := e.checkWritable(out); err != nil {
		return err
	}
	var progress func(done, total int64)
	finish := func() {}
	if n := job.Shoes(); n > 0 {
		bar := newProgress(e, int64(n), "sampling shoes", "shoes", progressbar.OptionShowCount())
		progress, finish = bar.SetOf, bar.Finish
	}
	c, err := job.Run(cmd.Context(), progress)
	finish()
	if err != nil {
		return err
	}
	c.Options.Version, c.Options.Date = version, date
	return renderTo(e, out, func(b *bytes.Buffer) error { return draw.Card(b, c.Table, c.Options) })
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
