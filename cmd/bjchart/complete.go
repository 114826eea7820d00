package main

import (
	"strings"

	"bjchart/charts"
	"bjchart/render"

	"github.com/spf13/cobra"
)

// flagValues are the values a flag takes, for shell completion; format
// differs by command and is keyed "command/format".
var flagValues = map[string][]string{
	"size":      {"letter", "a4", "wallet"},
	"paper":     {"letter", "a4"},
	"double":    {"any", "9-11", "10-11", "none"},
	"surrender": {"none", "late", "early"},
	"hole-card": {"peek", "enhc", "obo"},
	"split":     {"cdz-", "cdp1"},
	"color":     {"auto", "always", "never"},
	"table":     {"hard", "soft", "pairs", "all"},
	"decks":     {"1", "2", "4", "6", "8", "inf"},

	"bjchart/format": {"text", "json", "csv"},
	"chart/format":   {"text", "json", "csv"},
	"dealer/format":  {"text", "json", "csv"},
	"grid/format":    {"text", "json", "csv"},
	"hand/format":    {"text", "json"},
	"diff/format":    {"text", "json"},
	"plot/format":    render.HeatmapFormats,
}

// registerCompletions adds value completion to every flag of every command
// that takes one of a fixed set of values, and chart names where a chart
// is named.
func registerCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for name, values := range flagValues {
			cmdName, flag, scoped := strings.Cut(name, "/")
			if scoped && cmdName != c.Name() {
				continue
			}
			if !scoped {
				flag = name
			}
			if c.Flags().Lookup(flag) != nil {
				c.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		}
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
