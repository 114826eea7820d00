package main

import (
	"errors"

	"bjchart/solve/param"

	"github.com/spf13/cobra"
)

// bindParams binds a request's fields as the command's flags: one flag a
// field, its usage, default and allowed values (help, check and
// completion) as the request declares them.
func bindParams(cmd *cobra.Command, s *param.Set) {
	fl := cmd.Flags()
	for _, p := range s.All() {
		fl.Var(p.Value, p.Name, p.Usage)
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

// requestError turns a request's refusal into a usage error (exit 2), a
// field's named as its flag: "shoes 5: want ..." is "--shoes 5: want ...".
func requestError(err error) error {
	if err == nil {
		return nil
	}
	var pe *param.Error
	if errors.As(err, &pe) {
		return usagef("--%v", pe)
	}
	return usageError{err}
}
