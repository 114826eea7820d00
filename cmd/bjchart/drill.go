package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// maxAnswersFile bounds an answers file: a letter a line.
const maxAnswersFile = 1 << 20

func newDrillCmd(e env) *cobra.Command {
	req := drill.DefaultRequest()
	var answers, format string
	cmd := &cobra.Command{
		Use:   "drill",
		Short: "Learn the chart of your game: hands dealt, each answer graded by what it costs",
		Long: `Deal hands of the game from a shuffled shoe, at their real frequencies
(or only hard totals, soft totals, pairs, surrender spots or close calls
with --focus), ask for the play (H hit, S stand, D double, P split,
R surrender; Enter after each), and grade each answer against the game's
chart and the exact best play for the cards: a wrong play's cost in EV on
that hand and per 100 rounds at the hand's frequency. A hand hit is
played on with the card drawn (split hands are not). At the end: how many
were right, what the mistakes cost, and the cells missed, most costly
first.

--answers FILE (- for standard input) grades a file of answers, one a
line, without asking: the same hands for the same --seed, the results as
text or JSON (--format json): each hand's cards, up card, answer, the
chart's play, the best play and the cost, in the units of 'chart --format
json'. For example: printf 'H\nS\nD\n' | bjchart drill --hands 3 --answers -`,
		Example: `  bjchart drill --rules "6D H17 DAS LS"
  bjchart drill --rules "2D S17 DAS" --focus soft --hands 30
  bjchart drill --hands 3 --seed 4 --answers - --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := req.Check()
			if stop, err := e.checked(req, err); stop {
				return err
			}
			if format != "text" && answers == "" {
				return usagef("--format %s needs --answers: a drill that asks writes text as it goes", format)
			}
			in := e.stdin
			if in == nil {
				in = os.Stdin
			}
			if answers != "" && answers != "-" {
				data, err := readCapped(answers, maxAnswersFile, "an answers file holds one play a line")
				if err != nil {
					return chartError(err)
				}
				in = bytes.NewReader(data)
			}
			s, err := req.Start(cmd.Context())
			if err != nil {
				return requestError(err)
			}
			if err := ask(e, s, in, answers); err != nil {
				return err
			}
			rep := render.NewDrillReport(s, req.Seed)
			if answers == "" { // the hands were shown as they came: the summary
				var b bytes.Buffer
				if err := render.DrillResults(&b, rep); err != nil {
					return err
				}
				_, err := io.WriteString(e.stdout, "\n"+render.WrapProse(b.String(), e.width()))
				return err
			}
			return writeStdout(e, format, func(b *bytes.Buffer) error {
				if format == "json" {
					return render.DrillJSON(b, rep)
				}
				return render.DrillText(b, rep)
			})
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields)
	fl := cmd.Flags()
	fl.StringVar(&answers, "answers", "", "grade these answers (a file, - for standard input; one of H, S, D, P, R a line) instead of asking")
	enumVar(fl, &format, "format", "text", "output format with --answers: %s", "text", "json")
	return cmd
}

// ask deals the session's hands and grades an answer to each, read a line
// at a time from in: asked for and graded aloud when answers is "" (a
// line that is not a play is asked again), else read from the answers
// file, where such a line is an error. It stops early where the answers
// end.
func ask(e env, s *drill.Session, in io.Reader, answers string) error {
	sc := bufio.NewScanner(in)
	line := 0
	for {
		h, ok, err := s.Next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		prompt := fmt.Sprintf("%s  (%s)  H S D P R? ", h, h.Cell)
		if answers == "" {
			if s.Ended != "" { // the card drawn to the hand last hit ended it
				fmt.Fprintln(e.stdout, s.Ended+".")
			}
			fmt.Fprint(e.stdout, prompt)
		}
		var a solve.Action
		for {
			if !sc.Scan() {
				if answers == "" {
					fmt.Fprintln(e.stdout)
				}
				return sc.Err()
			}
			line++
			if a, err = drill.ParseAnswer(sc.Text()); err == nil {
				break
			}
			if answers != "" {
				return usagef("--answers %s, line %d: %v", answers, line, err)
			}
			fmt.Fprintf(e.stdout, "%v\n%s", err, prompt)
		}
		g := s.Grade(h, a)
		if answers == "" {
			fmt.Fprintln(e.stdout, render.WrapProse(render.GradeText(g), e.width()))
		}
	}
}
