package charts

import (
	"bjchart/solve/param"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
)

// The published charts, copied from the project's research notes with
// their provenance headers; charts/README.md says where each came from
// and how far to trust it, the topic 'bjchart help chart-files' how the
// diff reads it.
//
//go:embed data/*.txt
var library embed.FS

// Confidence is each library chart's reliability as its transcription
// notes assess it.
var Confidence = map[string]string{
	"thorp-1966-1deck":        "medium-high (every table agrees across sources; the one footnote conflict is resolved 3-to-1)",
	"bcmm-1956-1deck":         "medium",
	"wizard-4to8d-s17-das-ls": "high",
	"wizard-4to8d-h17-das-ls": "high",
	"wizard-2d-s17-das-ls":    "medium (A3 v 4 is ?; A7 v A is a near-tie)",
	"wizard-2d-h17-das-ls":    "high",
	"wizard-1d-s17-das-ls":    "high with DAS; no-DAS codes of 44 v 4 and 33 v 8 disputed (majority kept)",
	"wizard-1d-h17-das-ls":    "medium-high",
	"bja-shoe-s17-das":        "medium-high (identical to the Wizard S17 chart)",
	"gamemaster-6d-s17-das":   "high (simple page; identical to Wizard S17 with DAS and no surrender)",
	"itoh-2023-1to6deck":      "as printed; soft 18 v 2 is H there, S in every other chart for these rules, and A9 is not given",
}

// Publication names the publication each library chart reproduces: the
// source a reader would cite. How each was transcribed and cross-checked
// is in the file's "# source:" line and notes (Chart.Source, Comments).
var Publication = map[string]string{
	"thorp-1966-1deck":        "E. O. Thorp, Beat the Dealer, revised edition, Random House / Vintage, 1966, chapter 3 basic-strategy tables",
	"bcmm-1956-1deck":         "R. R. Baldwin, W. E. Cantey, H. Maisel, J. P. McDermott, \"The Optimum Strategy in Blackjack\", Journal of the American Statistical Association 51(275):429-439, 1956",
	"wizard-4to8d-s17-das-ls": "M. Shackleford, \"4-Deck to 8-Deck Blackjack Strategy\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/4-decks/",
	"wizard-4to8d-h17-das-ls": "M. Shackleford, \"4-Deck to 8-Deck Blackjack Strategy\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/4-decks/",
	"wizard-2d-s17-das-ls":    "M. Shackleford, \"Double-Deck Blackjack Strategy\" and \"Late Surrender\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/2-decks/ and .../surrender/",
	"wizard-2d-h17-das-ls":    "M. Shackleford, \"Double-Deck Blackjack Strategy\" and \"Late Surrender\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/2-decks/ and .../surrender/",
	"wizard-1d-s17-das-ls":    "M. Shackleford, \"Single-Deck Blackjack Strategy\" and \"Late Surrender\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/1-deck/ and .../surrender/",
	"wizard-1d-h17-das-ls":    "M. Shackleford, \"Single-Deck Blackjack Strategy\" and \"Late Surrender\", Wizard of Odds, wizardofodds.com/games/blackjack/strategy/1-deck/ and .../surrender/",
	"bja-shoe-s17-das":        "Blackjack Apprenticeship, \"S17 Basic Strategy\" chart, blackjackapprenticeship.com, 2024",
	"gamemaster-6d-s17-das":   "\"Basic Strategy Matrix\", bj21.com/category/blackjack/pages/basic-strategy-matrix",
	"itoh-2023-1to6deck":      "ITOH Masaru, \"拡張モンテカルロ木探索によるブラックジャック戦略\" (Blackjack Strategy with Extended Monte-Carlo Tree Search), Aichi Institute of Technology research report 58, 2023, tables 1-3",
}

// Names lists the library's charts, sorted.
func Names() []string {
	entries, err := library.ReadDir("data")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".txt"))
	}
	sort.Strings(names)
	return names
}

// Library returns a chart of the library by name.
func Library(name string) (*Chart, error) {
	data, err := library.ReadFile(path.Join("data", name+".txt"))
	if err != nil {
		return nil, fmt.Errorf("no chart named %q; 'bjchart charts' lists them", name)
	}
	return Parse(name+".txt", data)
}

// File returns a library chart's file as stored: the format a chart
// file of one's own takes (Parse reads it back).
func File(name string) ([]byte, error) {
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("no chart named %q; 'bjchart charts' lists them", name)
	}
	return library.ReadFile(path.Join("data", name+".txt"))
}

// A ReadError is a file that exists but cannot be read (param.ReadError).
type ReadError = param.ReadError

// Load returns a library chart by name, or else reads a chart file.
func Load(nameOrFile string) (*Chart, error) {
	for _, n := range Names() {
		if n == nameOrFile {
			return Library(n)
		}
	}
	data, err := param.ReadFile(nameOrFile, MaxFile, "a chart file is a few kilobytes")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%q is neither a chart name ('bjchart charts' lists them) nor a file", nameOrFile)
	}
	if err != nil {
		return nil, err
	}
	return Parse(nameOrFile, data)
}
