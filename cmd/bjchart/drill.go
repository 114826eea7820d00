package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// maxAnswersFile bounds an answers file: a letter a line.
const maxAnswersFile = 1 << 20

// drillOptions are the drill command's: the request, where the answers
// come from, and --forget.
type drillOptions struct {
	env
	req drill.Request
	answerOptions
	forget bool
}

// answerOptions are a drill's answers: a file of them (- for standard
// input; "" asks them aloud), and the format of the report on them.
type answerOptions struct {
	answers string
	format  string
}

// bind binds --answers and --format, with their usages.
func (o *answerOptions) bind(cmd *cobra.Command, answersUsage, formatUsage string) {
	cmd.Flags().StringVar(&o.answers, "answers", "", answersUsage)
	enumVar(cmd.Flags(), &o.format, "format", "text", formatUsage, "text", "json")
}

func newDrillCmd(e env) *cobra.Command {
	o := &drillOptions{env: e, req: drill.DefaultRequest()}
	cmd := &cobra.Command{
		Use:   "drill",
		Short: "Learn the chart of your game: hands dealt, each answer graded by what it costs",
		Long: `Deal hands of the game at their real frequencies (or only the hands of
--focus), ask for the play (H hit, S stand, D double, P split, R
surrender), and grade each answer against the game's chart and the
exact best play for the cards, with what a wrong play costs. The cells
you miss come back in later sessions.

More: 'bjchart help training'.`,
		Example: `  bjchart drill --rules "6D H17 DAS LS"
  bjchart drill --rules "2D S17 DAS" --focus soft --hands 30
  bjchart drill --hands 3 --seed 4 --answers - --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runDrill(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	o.bind(cmd, "grade these answers (a file, - for standard input; one of H, S, D, P, R a line) instead of asking", "output format with --answers: %s")
	cmd.Flags().BoolVar(&o.forget, "forget", false, "forget the cells missed in earlier sessions, and stop")
	cmd.AddCommand(newCountDrillCmd(e), newIndexDrillCmd(e), newTableDrillCmd(e))
	return cmd
}

func runDrill(ctx context.Context, o *drillOptions) error {
	req := o.req // its Review, the cells missed, added below
	job, err := req.Check()
	if stop, err := o.checked(req, err); stop {
		return err
	}
	rules := job.Rules
	memPath := memoryPath(o.env)
	if o.forget {
		if err := forgetMemory(memPath); err != nil {
			return err
		}
		_, err := fmt.Fprintln(o.stdout, "The missed cells are forgotten.")
		return err
	}
	in, err := answersInput(o.env, o.answers, o.format, "an answers file holds one play a line")
	if err != nil {
		return err
	}
	var mem drillMemory
	if o.answers == "" && req.Review == "" { // asked aloud: the cells missed before come back more often
		if mem, err = readMemory(memPath); err != nil {
			fmt.Fprintf(o.stderr, "bjchart: %v\n", err)
		}
		req.Review = mem.review(rules.String())
		if req.Review != "" {
			fmt.Fprintf(o.stdout, "Bringing back the cells you missed: %s.\n", req.Review)
		}
	}
	if job, err = req.Check(); err != nil { // with the cells to review
		return requestError(err)
	}
	s, err := job.Run(ctx, nil)
	if err != nil {
		return requestError(err)
	}
	if o.answers == "" && req.Seed == 0 {
		fmt.Fprintf(o.stdout, "Seed %d: --seed %d deals these hands again.\n", s.Seed, s.Seed)
	}
	if err := ask(o.env, s, in, o.answers); err != nil {
		return err
	}
	if mem != nil {
		mem.record(rules.String(), s)
		if err := mem.write(memPath); err != nil {
			fmt.Fprintf(o.stderr, "bjchart: the missed cells were not kept: %v\n", err)
		}
	}
	if chart := render.MissedChart(mem[rules.String()]); chart != "" { // after the summary: the misses kept, on the chart
		defer fmt.Fprint(o.stdout, "\n"+render.WrapProse("Your misses on the chart, this game's sessions together (rows with a miss; a right answer takes one off):", o.width())+"\n"+chart)
	}
	rep := render.NewDrillReport(s, s.Seed)
	if o.answers == "" { // the hands were shown as they came: the summary
		var b bytes.Buffer
		if err := rep.WriteResults(&b); err != nil {
			return err
		}
		_, err := io.WriteString(o.stdout, "\n"+render.WrapProse(b.String(), o.width()))
		return err
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.WriteText(w) },
		json: func(w io.Writer) error { return rep.WriteJSON(w) },
	})
}

// indexDrillOptions are 'bjchart drill index”s: the request, and where the answers
// come from.
type indexDrillOptions struct {
	env
	req drill.IndexRequest
	answerOptions
}

func newIndexDrillCmd(e env) *cobra.Command {
	o := &indexDrillOptions{env: e, req: drill.DefaultIndexRequest()}
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Practise the index plays: a hand and a true count, the play the counter's card says",
		Long: `Deal a decision of the game's Hi-Lo index plays (the I18, and the Fab 4
with late surrender: the published ones for the game they were published
for, 6D S17 DAS, else the game's own, computed as 'bjchart indices'
computes them) at a true count within 3 of its index, and ask
the play the counter's card says there (H S D P R; I or N for
insurance): the game's chart, changed by every index at or below the
count. Each answer is graded at once; at the end, how many were right.

--answers FILE (- for standard input) grades a file of answers, one a
line, without asking: the same drills for the same --seed, the results
as text or JSON (--format json).`,
		Example: `  bjchart drill index --rules "6D S17 DAS LS"
  bjchart drill index --set i18 --drills 10 --seed 2 --answers - --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runIndexDrill(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	o.bind(cmd, "grade these answers (a file, - for standard input; H, S, D, P or R a line, I or N for insurance) instead of asking", "output format with --answers: %s")
	return cmd
}

func runIndexDrill(ctx context.Context, o *indexDrillOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	in, err := answersInput(o.env, o.answers, o.format, "an answers file holds one play a line")
	if err != nil {
		return err
	}
	key, err := runJob(ctx, o.env, bar{"this game's indices", "shoes", nil}, job.Key)
	if err != nil {
		return requestError(err)
	}
	drills, err := job.DealFrom(ctx, key)
	if err != nil {
		return requestError(err)
	}
	if o.answers == "" {
		fmt.Fprintln(o.stdout, render.WrapProse("The indices: "+key.Source+".\n", o.width()))
	}
	sc := bufio.NewScanner(in)
	var grades []drill.IndexGrade
	line := 0
next:
	for i, d := range drills {
		prompt := fmt.Sprintf("%d. %s at true count %+d: H S D P R? ", i+1, d.Hand, d.TrueCount)
		if d.Insurance() {
			prompt = fmt.Sprintf("%d. %s at true count %+d: I (insure) or N? ", i+1, d.Hand, d.TrueCount)
		}
		if o.answers == "" {
			fmt.Fprint(o.stdout, prompt)
		}
		for {
			if !sc.Scan() {
				if o.answers == "" {
					fmt.Fprintln(o.stdout)
				}
				break next
			}
			line++
			a, err := drill.ParseIndexAnswer(sc.Text(), d.Insurance())
			if err == nil {
				g := d.Grade(a)
				grades = append(grades, g)
				if o.answers == "" {
					fmt.Fprintln(o.stdout, render.WrapProse(render.IndexGradeText(g), o.width()))
				}
				break
			}
			if o.answers != "" {
				return usagef("--answers %s, line %d: %v", o.answers, line, err)
			}
			fmt.Fprintf(o.stdout, "%v\n%s", err, prompt)
		}
	}
	if err := answersEnded(sc, o.answers, line, len(grades)); err != nil {
		return err
	}
	rep := render.NewIndexDrillReport(job, key, grades)
	if o.answers == "" {
		_, err := io.WriteString(o.stdout, "\n"+render.WrapProse(rep.SummaryText(), o.width()))
		return err
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.WriteText(w) },
		json: jsonOf(rep),
	})
}

// countDrillOptions are 'bjchart drill count”s: the request, and where the answers
// come from.
type countDrillOptions struct {
	env
	req drill.CountRequest
	answerOptions
}

func newCountDrillCmd(e env) *cobra.Command {
	o := &countDrillOptions{env: e, req: drill.DefaultCountRequest()}
	cmd := &cobra.Command{
		Use:   "count",
		Short: "Practise counting: cards shown one at a time, then the running and true counts asked",
		Long: `Show the game's first --cards cards one at a time, then ask the running
count and, for a balanced count, the true count ("+4 1.5"): right when
the running count is exact and the true count within 0.5. --answers
grades a file of answers without showing the cards.

More: 'bjchart help training'.`,
		Example: `  bjchart drill count --rules 6D --count hilo --cards 26
  bjchart drill count --count ko --cards 52 --speed 1
  bjchart drill count --drills 2 --seed 3 --answers - --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCountDrill(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	o.bind(cmd, "grade these answers (a file, - for standard input; the running count and the true count a line) instead of asking", "output format with --answers: %s")
	return cmd
}

func runCountDrill(ctx context.Context, o *countDrillOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	in, err := answersInput(o.env, o.answers, o.format, "an answers file holds two counts a line")
	if err != nil {
		return err
	}
	grades, err := askCounts(ctx, o.env, job, in, o.answers)
	if err != nil {
		return err
	}
	rep := render.NewCountDrillReport(job, grades)
	if o.answers == "" {
		_, err := io.WriteString(o.stdout, "\n"+render.WrapProse(rep.SummaryText(), o.width()))
		return err
	}
	return o.print(o.format, report{
		text: func(w io.Writer) error { return rep.WriteText(w) },
		json: jsonOf(rep),
	})
}

// askCounts shows each drill's cards (one at a time, at speed cards a
// second, on a terminal; all at once otherwise) and reads an answer a
// drill from in: asked again when it does not read, unless answers names
// a file, where such a line is an error. It stops early where the
// answers end.
func askCounts(ctx context.Context, e env, job drill.CountJob, in io.Reader, answers string) ([]drill.CountGrade, error) {
	sc := bufio.NewScanner(in)
	prompt := fmt.Sprintf("running count (from %+g)? ", job.Start())
	if job.System.Balanced() {
		prompt = "running count and true count (e.g. +4 1.5)? "
	}
	tty := terminal(e.stdout)
	var grades []drill.CountGrade
	line := 0
	drills, err := job.Run(ctx, nil)
	if err != nil {
		return nil, err
	}
	for i, d := range drills {
		if answers == "" {
			fmt.Fprintf(e.stdout, "Drill %d of %d: %d cards.\n", i+1, job.Drills, len(d.Cards))
			for k, c := range d.Cards {
				if tty {
					fmt.Fprintf(e.stdout, "\r%3d: %-2s", k+1, c)
					select {
					case <-time.After(time.Duration(float64(time.Second) / job.Speed)):
					case <-ctx.Done():
						return grades, ctx.Err()
					}
				}
			}
			if tty {
				fmt.Fprintf(e.stdout, "\r%-10s\r", "")
			} else {
				fmt.Fprintln(e.stdout, drill.CardList(d.Cards))
			}
			if job.System.Balanced() {
				fmt.Fprintf(e.stdout, "%d cards left (%g decks). ", d.Left, d.Decks())
			}
			fmt.Fprint(e.stdout, prompt)
		}
		var a drill.CountAnswer
		for {
			if !sc.Scan() {
				if answers == "" {
					fmt.Fprintln(e.stdout)
				}
				return grades, answersEnded(sc, answers, line, len(grades))
			}
			line++
			var err error
			if a, err = drill.ParseCountAnswer(sc.Text()); err == nil {
				break
			}
			if answers != "" {
				return grades, usagef("--answers %s, line %d: %v", answers, line, err)
			}
			fmt.Fprintf(e.stdout, "%v\n%s", err, prompt)
		}
		g := d.Grade(a)
		grades = append(grades, g)
		if answers == "" {
			fmt.Fprintln(e.stdout, render.WrapProse(render.CountGradeText(g), e.width()))
		}
	}
	return grades, extraAnswers(sc, answers, line, len(grades), "drills")
}

// answersEnded is the error of answers that ended (nil at the end of a
// file that answered something, or of a player's input): a line too long,
// or a file of no answers at all.
func answersEnded(sc *bufio.Scanner, answers string, line, graded int) error {
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong) && answers == "":
		return usagef("a line longer than 64 KB; an answer is a line of its own")
	case errors.Is(err, bufio.ErrTooLong):
		return usagef("--answers %s, line %d: longer than 64 KB; an answer is a line of its own", answers, line+1)
	case err != nil:
		return err
	case answers != "" && answers != "-" && graded == 0: // a file of none is a mistake; standard input may have none to give
		return usagef("--answers %s holds no answers: one a line", answers)
	}
	return nil
}

// extraAnswers refuses an answers file with answers past the session's
// last hand (or drill), which would otherwise go ungraded unsaid.
func extraAnswers(sc *bufio.Scanner, answers string, line, graded int, what string) error {
	if answers == "" {
		return nil
	}
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) != "" {
			return usagef("--answers %s, line %d: an answer past the session's %d %s; give as many answers as %s (--%s)", answers, line, graded, what, what, what)
		}
	}
	return answersEnded(sc, answers, line, graded)
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
			return extraAnswers(sc, answers, line, len(s.Graded), "hands")
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
				return answersEnded(sc, answers, line, len(s.Graded))
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

// answersInput is where a drill reads its answers: the --answers file,
// standard input for "-" or when it asks; a format other than text needs
// --answers, since a drill that asks writes text as it goes.
func answersInput(e env, answers, format, what string) (io.Reader, error) {
	if format != "text" && answers == "" {
		return nil, usagef("--format %s needs --answers: a drill that asks writes text as it goes", format)
	}
	if answers != "" && answers != "-" {
		data, err := param.ReadFile(answers, maxAnswersFile, what)
		if err != nil {
			return nil, chartError(err)
		}
		if len(bytes.TrimSpace(data)) == 0 { // refused before the work, by every drill alike
			return nil, usagef("--answers %s holds no answers (%s)", answers, what)
		}
		return bytes.NewReader(data), nil
	}
	if e.stdin != nil {
		return e.stdin, nil
	}
	return os.Stdin, nil
}
