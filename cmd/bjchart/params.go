package main

import (
	"errors"
	"slices"

	"bjchart/charts"
	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// bindParams binds a request's fields as the command's flags: one flag a
// field, its usage, default and allowed values (help, check and
// completion) as the request declares them. The fields named in skip
// are the command's arguments, not flags.
func bindParams(cmd *cobra.Command, s *param.Set, skip ...string) {
	fl := cmd.Flags()
	for _, p := range s.All() {
		if slices.Contains(skip, p.Name) {
			continue
		}
		fl.Var(p.Value, p.Name, usage(p))
		if p.Value.Type() == "bool" {
			fl.Lookup(p.Name).NoOptDefVal = "true"
		}
		if len(p.Values) > 0 {
			if err := fl.SetAnnotation(p.Name, enumAnnotation, p.Values); err != nil {
				panic(err) // the flag was just bound
			}
		}
	}
}

// usage is a field's usage as its flag's help: the fields it names as
// their flags.
func usage(p param.Param) string { return param.Fields(p.Usage, flagName) }

// flagName is a request field's name on the command line: --count.
func flagName(field string) string { return "--" + field }

// requestError turns a request's refusal into a usage error (exit 2), a
// field's named as its flag: "shoes 5: want ..." is "--shoes 5: want ...".
func requestError(err error) error {
	var re *charts.ReadError
	if err == nil || errors.As(err, &re) { // a file that cannot be read: exit 1
		return err
	}
	var pe *param.Error
	if errors.As(err, &pe) { // a field as its flag: --count
		return usagef("%s", pe.Render(flagName))
	}
	return usageError{err}
}
