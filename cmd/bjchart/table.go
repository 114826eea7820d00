package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"bjchart/render"
	"bjchart/solve"
	"bjchart/solve/drill"

	"github.com/spf13/cobra"
)

// tableDrillOptions are 'bjchart drill table”s: the request, and where the answers
// come from.
type tableDrillOptions struct {
	env
	req drill.TableRequest
	answerOptions
}

func newTableDrillCmd(e env) *cobra.Command {
	o := &tableDrillOptions{env: e, req: drill.DefaultTableRequest()}
	cmd := &cobra.Command{
		Use:   "table",
		Short: "Play whole rounds at a table of your game, with exact advice from the cards left",
		Long: `Sit at a table of the game with a balance and a bet and play rounds
from a shoe dealt down to its cut card: H hit, S stand, D double, P
split, R surrender, I or N to insurance; A asks for the exact EV of every
play from the cards you have not seen, C for the Hi-Lo count. After each
decision, what it gave up against the best play. Q leaves the table.

More: 'bjchart help training'.`,
		Example: `  bjchart drill table --rules "6D H17 DAS LS"
  bjchart drill table --rules 1D --balance 200 --bet 5
  bjchart drill table --rules 1D --seed 27731 --moves "b10 p h s s" --format json
  bjchart drill table --rules 1D --seed 27731 --answers - --format json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runTableDrill(cmd.Context(), o) },
	}
	bindRequest(cmd, &o.req)
	o.bind(cmd, "play the moves in this file (- for standard input) instead of asking", "output format without asking: %s")
	return cmd
}

func runTableDrill(ctx context.Context, o *tableDrillOptions) error {
	job, err := o.req.Check()
	if stop, err := o.checked(o.req, err); stop {
		return err
	}
	var in io.Reader // nil: ask
	switch {
	case o.answers != "":
		if in, err = answersInput(o.env, o.answers, o.format, "an answers file holds moves"); err != nil {
			return err
		}
	case o.format != "text":
		in = strings.NewReader("") // the moves of --moves only
	}
	t, err := job.Run(ctx, nil)
	if err != nil {
		return requestError(err)
	}
	chart, err := solve.Solve(t.Rules)
	if err != nil {
		return err
	}
	advisor := drill.NewAdvisor(chart)
	if in == nil {
		return playAloud(ctx, o.env, t, advisor, t.Seed)
	}
	if err := playMoves(t, in, o.answers); err != nil {
		return err
	}
	priceDecisions(ctx, t, advisor)
	rep := render.NewTableReport(t, t.Seed)
	return o.print(o.format, report{
		text: func(w io.Writer) error {
			if err := rep.WriteText(w); err != nil {
				return err
			}
			_, err := fmt.Fprintln(w, rep.SummaryText())
			return err
		},
		json: jsonOf(rep),
	})
}

// priceDecisions prices every decision of the session against the best
// play for the cards left.
func priceDecisions(ctx context.Context, t *drill.Table, a *drill.Advisor) {
	t.Price(func(d drill.Decision) (drill.Advice, bool) {
		v, err := a.Advise(ctx, d)
		return v, err == nil
	})
}

// playMoves makes the moves read from in, any number a line; a move the
// table does not take is an error naming its line.
func playMoves(t *drill.Table, in io.Reader, answers string) error {
	sc := bufio.NewScanner(in)
	line := 0
	for sc.Scan() {
		line++
		ms, err := drill.ParseMoves(sc.Text())
		if err == nil {
			for _, m := range ms {
				if err = t.Do(m); err != nil {
					err = fmt.Errorf("%s: %v", m, err)
					break
				}
			}
		}
		if err != nil {
			return usagef("--answers %s, line %d: %v", answers, line, err)
		}
	}
	return answersEnded(sc, answers, line, 1)
}

// playAloud shows the table and asks for each move until the player
// leaves (Q or the end of input), then sums the session up.
func playAloud(ctx context.Context, e env, t *drill.Table, a *drill.Advisor, seed uint64) error {
	out := func(s string) { fmt.Fprintln(e.stdout, render.WrapProse(s, e.width())) }
	out(fmt.Sprintf("bjchart table: %s, seed %d (--seed %d deals these cards again). You sit down with %s units. Enter bets %s (bN bets N); H S D P R play, I or N answer insurance, A shows the exact values of your plays, C the count, Q leaves.",
		t.Rules, seed, seed, drill.Units(t.Start), drill.Units(t.DefaultBet())))
	var in io.Reader = os.Stdin
	if e.stdin != nil {
		in = e.stdin
	}
	sc := bufio.NewScanner(in)
	show := t.Round != nil
	for t.Phase != drill.Broke {
		if show {
			var b bytes.Buffer
			render.NewTableReport(t, seed).WriteText(&b)
			fmt.Fprint(e.stdout, render.WrapProse(b.String(), e.width()))
		}
		show = true
		fmt.Fprint(e.stdout, tablePrompt(t))
		if !sc.Scan() {
			fmt.Fprintln(e.stdout)
			break
		}
		text := strings.TrimSpace(sc.Text())
		switch strings.ToLower(text) {
		case "q", "quit":
			goto done
		case "c":
			if t.Phase == drill.Counting {
				out("The count is what the check asks: answer it first (the running count and the true count, e.g. +4 1.5).")
				show = false
				continue
			}
			out(render.TableCountText(t))
			show = false
			continue
		case "a", "?":
			d, ok := t.Pending()
			if ins, insuring := t.Insurance(); insuring {
				out(render.InsuranceAdviceText(ins))
			} else if !ok {
				out("Advice is for a decision; the table waits for a bet.")
			} else if v, err := a.Advise(ctx, d); err != nil {
				out("No advice for this hand: " + err.Error())
			} else {
				rep := render.AdviceReport{Rules: t.Rules, Decision: d, Advice: v}
				out(rep.Text())
				fmt.Fprintln(e.stdout, "  "+rep.Command()) // whole, so that it copies
			}
			show = false
			continue
		case "":
			if t.Phase == drill.Betting {
				text = "b"
			}
		}
		if t.Phase == drill.Counting { // the answer to a count check: "+4 1.5"
			a, err := drill.ParseCountAnswer(text)
			if err != nil {
				out(err.Error())
				show = false
				continue
			}
			t.Do(drill.Move{Count: &a})
			out(render.CountCheckText(t.CountChecks[len(t.CountChecks)-1]))
			continue
		}
		ms, err := drill.ParseMoves(text)
		if err == nil && len(ms) == 0 {
			err = fmt.Errorf("nothing to do; %s", tablePrompt(t))
		}
		for _, m := range ms {
			_, deciding := t.Pending()
			insuring := t.Phase == drill.Insuring
			if err = t.Do(m); err != nil {
				break
			}
			if deciding || insuring { // what the play gave up, at once
				priceDecisions(ctx, t, a)
				if s := render.PlayPriceText(t.Decisions[len(t.Decisions)-1]); s != "" {
					out(s)
				}
			}
		}
		if err != nil {
			out(err.Error())
			show = false
		}
	}
done:
	priceDecisions(ctx, t, a)
	rep := render.NewTableReport(t, seed)
	if t.Phase == drill.Broke {
		out("The balance is below one unit: the session is over.")
	}
	out("\n" + rep.SummaryText())
	return nil
}

// tablePrompt asks for what the table waits for.
func tablePrompt(t *drill.Table) string {
	switch t.Phase {
	case drill.Betting:
		return fmt.Sprintf("Bet (Enter: %s, bN: N units, Q leaves)? ", drill.Units(t.Legal()[0].Bet))
	case drill.Counting:
		return "Count check: the running count and the true count of the cards seen since the shuffle (e.g. +4 1.5)? "
	case drill.Insuring:
		if a, _ := t.Insurance(); a.EvenMoney {
			return "Even money (I takes it, N declines; A advice)? "
		}
		return "Insurance (I takes it, N declines; A advice)? "
	case drill.Deciding:
		var keys []string
		for _, m := range t.Legal() {
			keys = append(keys, m.Play.Letter()+" "+t.PlayName(m.Play))
		}
		return strings.Join(keys, ", ") + " (A advice)? "
	}
	return ""
}
