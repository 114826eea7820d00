package main

import (
	"bjchart/charts"
	"bjchart/render"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagValues are values to complete for flags that take others too (a
// deck count, the split play's alias cdz); the flags that take one of a
// list declare it once (enumVar, param.Set.Enum), for their help, their
// check and their completion.
var flagValues = map[string][]string{
	"split": {"cdz-", "cdp1"},
	"decks": {"1", "2", "4", "6", "8", "inf"},
}

// registerCompletions adds value completion to every flag of every command
// that takes one of a fixed set of values, and chart names where a chart
// is named.
func registerCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for flag, values := range flagValues {
			if c.Flags().Lookup(flag) != nil {
				c.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if values := f.Annotations[enumAnnotation]; len(values) > 0 {
				c.RegisterFlagCompletionFunc(f.Name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		})
		for _, flag := range []string{"diff", "against"} { // a chart name, or a file
			if c.Flags().Lookup(flag) != nil {
				c.RegisterFlagCompletionFunc(flag, chartNames)
			}
		}
		if c.Flags().Lookup("metric") != nil {
			var metrics []string
			for _, m := range render.Metrics {
				metrics = append(metrics, string(m))
			}
			c.RegisterFlagCompletionFunc("metric", cobra.FixedCompletions(metrics, cobra.ShellCompDirectiveNoFileComp))
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// chartNames completes a chart name; files complete as usual.
func chartNames(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return charts.Names(), cobra.ShellCompDirectiveDefault
}
