package main

import (
	"bjchart/solve/param"
	"errors"
	"io"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"bjchart/render/web"
)

// bindCLI runs a command line only as far as its request is bound and
// checked.
func bindCLI(t *testing.T, args ...string) (req any, err error) {
	t.Helper()
	var got boundRequest
	e := env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }, checkOnly: &got}
	root := newRootCmd(e)
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		return nil, err
	}
	if got.req == nil {
		t.Fatalf("%q bound no request", args)
	}
	return got.req, got.err
}

// TestFacesBindTheSameRequest: the command line's flags and the page's
// query parameters bind the same request for the same input (the
// command's defaults and the page's are one), and refuse the same bad
// input with the same message, the command line's naming the field as
// its flag ("--shoes 5: ..." where the page says "shoes 5: ...").
func TestFacesBindTheSameRequest(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		path  string
		query string
		bad   bool
	}{
		{[]string{"indices"}, "/indices", "", false},
		{[]string{"indices", "--rules", "6D S17 DAS", "--set", "i18", "--shoes", "300"}, "/indices", "rules=6D+S17+DAS&set=i18&shoes=300", false},
		{[]string{"indices", "--rules", "2D H17", "--count", "zen", "--round", "floor", "--count-at", "round", "--penetration", "70%", "--seed", "4"}, "/indices", "rules=2D+H17&count=zen&round=floor&count-at=round&penetration=70%25&seed=4", false},
		{[]string{"indices", "--rules", "6D", "--decks", "2", "--h17", "--surrender", "late"}, "/indices", "rules=6D&decks=2&h17=true&surrender=late", false},
		{[]string{"sim"}, "/sim", "", false},
		{[]string{"sim", "--rules", "2D S17", "--rounds", "20000", "--seed", "7"}, "/sim", "rules=2D+S17&rounds=20000&seed=7", false},
		{[]string{"sim", "--rules", "6D", "--rounds", "2M", "--count", "hilo", "--ramp", "-100:1,2:4", "--penetration", "80%"}, "/sim", "rules=6D&rounds=2M&count=hilo&ramp=-100%3A1%2C2%3A4&penetration=80%25", false},
		{[]string{"sim", "--csm", "--rounds", "1000"}, "/sim", "csm=true&rounds=1000", false},
		{[]string{"house"}, "/house", "", false},
		{[]string{"house", "--rules", "HOUSE INF DESIGNED"}, "/house", "rules=HOUSE+INF+DESIGNED", false},
		{[]string{"house", "--card", "house.pdf"}, "/house/card.pdf", "", false},
		{[]string{"holdem"}, "/holdem", "", false},
		{[]string{"holdem", "--show", "pushfold", "--compute"}, "/holdem", "show=pushfold&compute=true", false},
		{[]string{"house", "--card", "house.pdf", "--paper", "a4", "--rules", "HOUSE INF"}, "/house/card.pdf", "paper=a4&rules=HOUSE+INF", false},
		{[]string{"house", "--plot", "house.png", "--rules", "HOUSE INF DESIGNED"}, "/house/plot.png", "rules=HOUSE+INF+DESIGNED", false},
		{[]string{"hand", "T,6", "v", "T", "--rules", "2D H17 DAS LS"}, "/api/hand.json", "rules=2D+H17+DAS+LS&hand=T%2C6+v+T", false},
		{[]string{"hand", "soft 18 v 9"}, "/api/hand.json", "hand=soft+18+v+9", false},
		{[]string{"chart"}, "/api/chart.json", "", false},
		{[]string{"chart", "--rules", "1D H17 DAS LS"}, "/api/chart.json", "rules=1D+H17+DAS+LS", false},
		{[]string{"card", "--rules", "2D H17", "--size", "wallet", "--paper", "a4"}, "/card.pdf", "rules=2D+H17&size=wallet&paper=a4", false},
		{[]string{"card"}, "/card.pdf", "", false},
		{[]string{"plot", "--rules", "INF LS", "--metric", "margin", "--table", "hard", "--codes"}, "/plot.png", "rules=INF+LS&metric=margin&table=hard&codes=true", false},
		{[]string{"plot"}, "/plot.png", "", false},
		{[]string{"diff", "wizard-1d-h17-das-ls", "--rules", "1D H17 DAS LS"}, "/api/diff.json", "rules=1D+H17+DAS+LS&chart=wizard-1d-h17-das-ls", false},
		{[]string{"diff", "thorp-1966-1deck"}, "/api/diff.json", "chart=thorp-1966-1deck", false},
		{[]string{"effects", "--rules", "INF H17"}, "/api/effects.json", "rules=INF+H17", false},
		{[]string{"drill"}, "/drill", "", false},
		{[]string{"drill", "--rules", "2D H17", "--focus", "soft", "--hands", "30", "--seed", "9"}, "/drill", "rules=2D+H17&focus=soft&hands=30&seed=9", false},
		// Refused alike.
		{[]string{"indices", "--shoes", "5"}, "/indices", "shoes=5", true},
		{[]string{"indices", "--set", "i20"}, "/indices", "set=i20", true},
		{[]string{"indices", "--rules", "6D NS", "--set", "fab4"}, "/indices", "rules=6D+NS&set=fab4", true},
		{[]string{"indices", "--count", "zen3"}, "/indices", "count=zen3", true},
		{[]string{"indices", "--round", "up"}, "/indices", "round=up", true},
		{[]string{"indices", "--rules", "INF"}, "/indices", "rules=INF", true},
		{[]string{"indices", "--penetration", "80"}, "/indices", "penetration=80", true},
		{[]string{"indices", "--rules", "7Q"}, "/indices", "rules=7Q", true},
		{[]string{"indices", "--decks", "0"}, "/indices", "decks=0", true},
		{[]string{"indices", "--set", "all", "--shoes", "100001"}, "/indices", "set=all&shoes=100001", true},
		{[]string{"house", "--card", "house.pdf", "--paper", "a5"}, "/house/card.pdf", "paper=a5", true},
		{[]string{"holdem", "--show", "equity,equity"}, "/holdem", "show=equity%2Cequity", true},
		{[]string{"house", "--plot", "house.png", "--rules", "HOUSE 7Q"}, "/house/plot.png", "rules=HOUSE+7Q", true},
		{[]string{"sim", "--ramp", "1:2"}, "/sim", "ramp=1:2", true},
		{[]string{"sim", "--count", "hilo", "--ramp", "1:0"}, "/sim", "count=hilo&ramp=1:0", true},
		{[]string{"sim", "--rounds", "lots"}, "/sim", "rounds=lots", true},
		{[]string{"sim", "--csm", "--penetration", "50%"}, "/sim", "csm=true&penetration=50%25", true},
		{[]string{"sim", "--count", "hilo", "--rules", "INF"}, "/sim", "count=hilo&rules=INF", true},
		{[]string{"sim", "--seed", "-1"}, "/sim", "seed=-1", true},
		{[]string{"house", "--rules", "HOUSE 5CX=0"}, "/house", "rules=HOUSE+5CX%3D0", true},
		{[]string{"house", "--rules", "6D S17"}, "/house", "rules=6D+S17", true},
		{[]string{"hand", "22", "v", "T"}, "/api/hand.json", "hand=22+v+T", true},
		{[]string{"hand", "T,6", "v", "Z"}, "/api/hand.json", "hand=T%2C6+v+Z", true},
		{[]string{"chart", "--rules", "7Q"}, "/api/chart.json", "rules=7Q", true},
		{[]string{"card", "--size", "huge"}, "/card.pdf", "size=huge", true},
		{[]string{"card", "--paper", "a5"}, "/card.pdf", "paper=a5", true},
		{[]string{"plot", "--metric", "luck"}, "/plot.png", "metric=luck", true},
		{[]string{"plot", "--table", "both"}, "/plot.png", "table=both", true},
		{[]string{"plot", "--metric", "index"}, "/plot.png", "metric=index", true},
		{[]string{"plot", "--codes=maybe"}, "/plot.png", "codes=maybe", true},
		{[]string{"diff", "thorp-1966-1deck", "--rules", "1D 9Q"}, "/api/diff.json", "chart=thorp-1966-1deck&rules=1D+9Q", true},
		{[]string{"effects", "--rules", "9Z"}, "/api/effects.json", "rules=9Z", true},
		{[]string{"drill", "--focus", "aces"}, "/drill", "focus=aces", true},
		{[]string{"drill", "--hands", "0"}, "/drill", "hands=0", true},
		{[]string{"drill", "table"}, "/drill/table", "", false},
		{[]string{"drill", "table", "--rules", "2D H17 LS", "--seed", "5", "--balance", "200", "--bet", "25", "--moves", "b10 h s"}, "/drill/table", "rules=2D+H17+LS&seed=5&balance=200&bet=25&moves=b10+h+s", false},
		{[]string{"drill", "table", "--bet", "2000"}, "/drill/table", "bet=2000", true},
		{[]string{"holdem", "equity", "AKs,QQ+", "22+,ATs+", "--board", "Kh7d2c"}, "/holdem/equity", "range=AKs%2CQQ%2B&range=22%2B%2CATs%2B&board=Kh7d2c", false},
		{[]string{"holdem", "nash", "--stack", "15", "--ante", "0.125"}, "/holdem/nash", "stack=15&ante=0.125", false},
		{[]string{"holdem", "nash", "--stack", "0"}, "/holdem/nash", "stack=0", true},
		{[]string{"risk"}, "/risk", "", false},
		{[]string{"risk", "--rules", "2D H17", "--spread", "1-8", "--bankroll", "5000", "--play", "indices", "--shoes", "100"}, "/risk", "rules=2D+H17&spread=1-8&bankroll=5000&play=indices&shoes=100", false},
		{[]string{"risk", "--spread", "8-1"}, "/risk", "spread=8-1", true},
		{[]string{"risk", "--count", "ko", "--play", "indices"}, "/risk", "count=ko&play=indices", true},
		{[]string{"holdem", "equity", "AKs", "QQ", "--board", "Kh7"}, "/holdem/equity", "range=AKs&range=QQ&board=Kh7", true},
		{[]string{"drill", "table", "--moves", "b10 x"}, "/drill/table", "moves=b10+x", true},
		{[]string{"drill", "table", "--penetration", "0.95"}, "/drill/table", "penetration=0.95", true},
		{[]string{"side", "21+3"}, "/side", "bet=21%2B3", false},
		{[]string{"side", "21+3", "--pays", "9-to-1", "--decks", "8", "--count"}, "/side", "bet=21%2B3&pays=9-to-1&decks=8&count=true", false},
		{[]string{"side", "21+3", "--pays", "flush:9,straight:9"}, "/side", "bet=21%2B3&pays=own&own=flush%3A9%2Cstraight%3A9", false},
		{[]string{"side", "lucky-ladies", "--shoe", "20,24,24,24,24,24,24,24,24,80"}, "/side", "bet=lucky-ladies&shoe=20%2C24%2C24%2C24%2C24%2C24%2C24%2C24%2C24%2C80", false},
		{[]string{"side", "buster", "--rules", "6D H17", "--count"}, "/side", "bet=buster&rules=6D+H17&count=true", false},
		{[]string{"side", "buster", "--h17"}, "/side", "bet=buster&h17=true", false},
		{[]string{"side", "22+3"}, "/side", "bet=22%2B3", true},
		{[]string{"side", "21+3", "--pays", "straight:x"}, "/side", "bet=21%2B3&pays=straight%3Ax", true},
		{[]string{"side", "21+3", "--decks", "0"}, "/side", "bet=21%2B3&decks=0", true},
		{[]string{"side", "21+3", "--rules", "INF"}, "/side", "bet=21%2B3&rules=INF", true},
		{[]string{"side", "21+3", "--count", "--shoe", "20,24,24,24,24,24,24,24,24,96"}, "/side", "bet=21%2B3&count=true&shoe=20%2C24%2C24%2C24%2C24%2C24%2C24%2C24%2C24%2C96", true},
		{[]string{"side", "perfect-pairs", "--h17"}, "/side", "bet=perfect-pairs&h17=true", true},
	} {
		name := strings.Join(tc.args, " ")
		cliReq, cliErr := bindCLI(t, tc.args...)
		v, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		pageReq, pageErr := web.Bind(tc.path, v)
		if tc.bad {
			if cliErr == nil || pageErr == nil {
				t.Errorf("%s: the command line says %v, the page %v; want both to refuse it", name, cliErr, pageErr)
				continue
			}
			asFlags := pageErr.Error() // the page's error with its fields named as flags
			var pe *param.Error
			if errors.As(pageErr, &pe) {
				asFlags = pe.Render(func(field string) string {
					if field == "bet" && tc.args[0] == "side" {
						return "BET" // the command's argument
					}
					return "--" + field
				})
			}
			if c, p := cliErr.Error(), pageErr.Error(); c != p && c != "--"+p && c != asFlags {
				t.Errorf("%s: the command line says %q, the page %q", name, c, p)
			}
			continue
		}
		if cliErr != nil || pageErr != nil {
			t.Errorf("%s: the command line says %v, the page %v", name, cliErr, pageErr)
			continue
		}
		if !reflect.DeepEqual(cliReq, pageReq) {
			t.Errorf("%s: the command line binds %+v, the page %+v", name, cliReq, pageReq)
		}
	}
}
