package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"bjchart/solve"

	"github.com/spf13/cobra"
)

// rulesOptions are the rules command's: the rule string to check, if any.
type rulesOptions struct {
	env
	rules string // "": explain the rule language
}

func newRulesCmd(e env) *cobra.Command {
	o := &rulesOptions{env: e}
	return &cobra.Command{
		Use:   "rules [RULES]",
		Short: "Explain the rule language, or check and canonicalise a rule string",
		Long: `Explain every token of the rule language. Given a rule string, check it
and print it canonically (every rule, defaults filled in).

Tokens are separated by spaces and read case-insensitively. Rules not
named keep their defaults; naming one rule twice with different values
(S17 H17) is an error.`,
		Example: `  bjchart rules
  bjchart rules "6d h17 das ls"`,
		Args: argsBetween(0, 1, "at most one rule string (quote it: \"6D H17\")"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.rules = args[0]
			}
			return runRules(cmd.Context(), o)
		},
	}
}

func runRules(_ context.Context, o *rulesOptions) error {
	if o.rules == "" {
		return o.print("text", report{text: ruleHelp})
	}
	r, err := solve.ParseRules(o.rules)
	if err != nil {
		return usageError{err}
	}
	_, err = fmt.Fprintln(o.stdout, r)
	return err
}

func ruleHelp(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Rule language (default: %s)\n\n", solve.Default)
	group := ""
	for _, t := range solve.RuleTokens {
		g := ""
		if t.Group != group {
			group, g = t.Group, t.Group
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", g, t.Token, t.Meaning)
	}
	fmt.Fprintln(tw, "\nExamples: \"6D H17 DAS LS\", \"2D S17 D10 NDAS SPL1 6:5\", \"INF S17 ENHC\"")
	// Prose a line a paragraph: the output wraps it to the terminal's
	// width (env.print), which a line broken here would defeat.
	fmt.Fprintln(tw, "\nFlags override single rules: --decks 2 --h17 --double 10-11 --das=false --split-hands 2 --rsa --hsa --surrender late --blackjack-pays 6:5 --hole-card enhc")
	fmt.Fprintln(tw, "\nHit-or-stand house games scored by card count (the house game's, with its ladder, multipliers, jokers and bet after the first card) have their own rules: see 'bjchart house --help'.")
	return tw.Flush()
}
