package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gameGrid is a grid of rule sets that covers every deck count with every
// surrender rule, and the other rules (dealer, DAS, split hands, hole
// card, payout) turned through them, so that each value of each rule
// meets several of the others.
func gameGrid() []string {
	decks := []string{"1D", "2D", "4D", "6D", "8D", "INF"}
	surrender := []string{"NS", "LS", "ES"}
	var games []string
	for d, deck := range decks {
		for s, sur := range surrender {
			i := 3*d + s
			g := []string{deck, []string{"S17", "H17"}[(d+s)%2], []string{"DAS", "NDAS"}[(i/2)%2],
				sur, fmt.Sprintf("SPL%d", 1+i%3)}
			if i%5 == 0 {
				g = append(g, "ENHC")
			}
			if i%7 == 3 {
				g = append(g, "6:5")
			}
			games = append(games, strings.Join(g, " "))
		}
	}
	return games
}

// quickGames are the games the short tests run every command on: the
// classic single-deck surrender games (risk panicked on them before
// 2026-11-28), a double-deck early surrender game, ENHC and 6:5.
var quickGames = []string{"1D H17 DAS LS", "2D H17 DAS ES", "1D S17 NDAS ES SPL1 ENHC 6:5"}

// commandsForGame lists a run of every command that solves, at small
// sizes, for one game; files go under dir.
func commandsForGame(game, dir string) [][]string {
	answers := filepath.Join(dir, "answers")
	r := []string{"--rules", game}
	set := "i18"
	if strings.Contains(game, "LS") {
		set = "i18,fab4" // the Fab 4 are late surrender's indices
	}
	cmds := [][]string{
		append([]string{"chart", "--ev"}, r...),
		append([]string{"hand", "8,8", "v", "A"}, r...),
		append([]string{"hand", "T,6", "v", "T", "--format", "json"}, r...),
		append([]string{"effects", "--format", "json"}, r...),
		append([]string{"sim", "--rounds", "5000", "--seed", "3"}, r...),
		append([]string{"drill", "--hands", "4", "--answers", answers}, r...),
		append([]string{"card", "--ev", "-o", filepath.Join(dir, "card.pdf")}, r...),
		append([]string{"plot", "-o", filepath.Join(dir, "plot.png")}, r...),
	}
	if !strings.HasPrefix(game, "INF") { // the counts need a finite shoe
		cmds = append(cmds,
			append([]string{"grid", "--decks-list", "1,2", "--format", "csv"}, r...),
			append([]string{"indices", "--shoes", "50", "--set", set}, r...),
			append([]string{"risk", "--shoes", "20", "--rounds", "100k"}, r...),
			append([]string{"sim", "--rounds", "5000", "--count", "hilo", "--indices", "computed"}, r...),
			append([]string{"drill", "index", "--drills", "3", "--answers", answers}, r...),
			append([]string{"drill", "table", "--seed", "4", "--answers", answers}, r...),
		)
	}
	return cmds
}

// TestEveryGameEveryCommand runs every command that solves over games
// (all of gameGrid with -long) and fails on a panic or an exit other than
// 0: a game that is allowed is a game every command plays. On build
// 0438fe3 risk panicked on 2D H17 DAS ES here.
func TestEveryGameEveryCommand(t *testing.T) {
	games := quickGames
	if *long {
		games = append(gameGrid(), quickGames...)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "answers"), []byte("b\nS\nS\nH\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for g, game := range games {
		for _, args := range commandsForGame(game, dir) {
			// Short: the commands that work out indices (600 shoes) not at
			// all, those that solve many games or draw on one game. With
			// -long: each on every third game of the grid, and the quick
			// games', every command on every game.
			quick := slices.Contains(quickGames, game)
			if slowCommand(args) && (!*long || !quick && g%3 != 0) {
				continue
			}
			if wholeGameCommand(args) && (!*long && game != quickGames[1] || *long && !quick && g%3 != 1) {
				continue
			}
			t.Run(game+"/"+strings.Join(args[:2], "_"), func(t *testing.T) {
				code, _, stderr := runCmd(t, args...)
				// The drills' fixed answers may not fit the question
				// their seed deals: a usage error that names the file.
				answerMisfit := args[0] == "drill" && code == 2 && strings.Contains(stderr, "--answers")
				if code != 0 && !answerMisfit {
					t.Errorf("bjchart %q: exit %d: %s", args, code, stderr)
				}
			})
		}
	}
}

// TestEveryGameRandomShoes solves the chart and one hand from random
// depleted shoes of every deck count, down to a few cards of a rank.
func TestEveryGameRandomShoes(t *testing.T) {
	shoes := 6
	if *long {
		shoes = 60
	}
	rng := rand.New(rand.NewPCG(28, 11))
	games := gameGrid()
	for i := range shoes {
		game := games[i%len(games)]
		if strings.HasPrefix(game, "INF") {
			game = "1D" + strings.TrimPrefix(game, "INF") // a finite deck in its place
		}
		shoe := randomShoe(rng, int(game[0]-'0'))
		for _, args := range [][]string{
			{"chart", "--ev", "--rules", game, "--shoe", shoe},
			{"hand", "9,9", "v", "6", "--rules", game, "--shoe", shoe},
		} {
			code, _, stderr := runCmd(t, args...)
			if code != 0 {
				t.Errorf("bjchart %q: exit %d: %s", args, code, stderr)
			}
		}
	}
}

// randomShoe is a depleted shoe of decks decks as the ten counts --shoe
// takes, with each rank's count drawn uniformly from 1 to its full count
// (tens kept above the hand's and the up card's need).
func randomShoe(rng *rand.Rand, decks int) string {
	counts := make([]string, 10)
	for r := range counts {
		full := 4 * decks
		if r == 9 {
			full = 16 * decks
		}
		counts[r] = fmt.Sprint(2 + rng.IntN(full-1))
	}
	return strings.Join(counts, ",")
}

// slowCommand says whether args work out a game's indices (600 shoes).
func slowCommand(args []string) bool {
	return (args[0] == "drill" && args[1] == "index") || slices.Contains(args, "--indices")
}

// wholeGameCommand says whether args solve several games or draw.
func wholeGameCommand(args []string) bool {
	return slices.Contains([]string{"grid", "effects", "card", "plot"}, args[0])
}
