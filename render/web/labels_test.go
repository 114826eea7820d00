package web

import (
	"errors"
	"testing"

	"bjchart/solve/param"
)

// TestFormError: a request's field error is said with the labels its
// form shows (read from the template), a field without one by its name,
// and any other error as it is.
func TestFormError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		page string
		want string
	}{
		{param.NumberErrorf("shoes", 5, "want 50 or more"), "indices.html", "Shoes 5: want 50 or more"},
		{param.Fieldf("ramp", "{ramp} needs {count}: a ramp bets by the count"), "risk.html", "ramp needs “Count”: a ramp bets by the count"},
		{param.Fieldf("spread", "{spread} with {count}"), "risk.html", "Spread (units) with “Count”"},
		{param.Errorf("rules", "7Q", "unknown rule"), "page.html", `Rules "7Q": unknown rule`},
		{errors.New("no such chart"), "page.html", "no such chart"},
	} {
		if got := formError(tc.err, tc.page); got != tc.want {
			t.Errorf("formError(%v, %s) = %q, want %q", tc.err, tc.page, got, tc.want)
		}
	}
}
