package side

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"

	"bjchart/solve/param"
)

// A Bet is a side bet settled on the first cards dealt: the cards it looks
// at, the outcomes a deal of them makes, and its published pay tables.
type Bet struct {
	Name  string   // what Request.Bet takes, e.g. "21+3"
	Rules string   // the bet's rules in words
	Cards []string // what each card it looks at is, in the order dealt
	// Outcomes are the names a pay table gives pays to, best first. A
	// deal may make several (a straight flush is also a straight and a
	// flush); it is paid once, at the best pay among those its table
	// lists, and lost if its table lists none.
	Outcomes []string
	Tables   []Table // published tables; the first is the default

	// parts are the sizes of the runs of Cards whose order the outcome
	// does not depend on (the player's two cards), which the count
	// enumerates as multisets.
	parts []int
	// classify returns a deal's class: the set of outcomes it makes, bit
	// i for Outcomes[i]; for a bet paid per card, its matches.
	classify func(h []Card) uint16
	perCard  bool // paid per matching card: Match the Dealer
	dealer   bool // settled on the dealer's whole hand: Buster Blackjack
	// dealerDraws: settled on the dealer's first three cards as dealt
	// (Bust It), which before the deal are any three cards of the shoe:
	// valued as a bet on the first cards, dealt as one on the dealer's
	// hand.
	dealerDraws bool
}

// DealerHand says whether the bet is settled on the dealer's hand, which
// a dealer who draws by chance (DHIT16, DHIT17) does not deal as the bet
// assumes: Buster (the whole hand) and Bust It (its first three cards).
func (b *Bet) DealerHand() bool { return b.dealer || b.dealerDraws }

// size returns the number of cards the bet looks at; for a bet on the
// dealer's whole hand, the fewest (two).
func (b *Bet) size() int {
	if b.dealer {
		return 2
	}
	return len(b.Cards)
}

// classes returns the number of classes classify returns.
func (b *Bet) classes() int {
	if b.perCard {
		return 9
	}
	return 1 << len(b.Outcomes)
}

// Bets returns the side bets, in the order their listing shows them.
func Bets() []*Bet { return bets() }

// bets returns the bets with their pay tables, read at the first call (a
// process that values no side bet never reads them). What reads only the
// bets' names, rules and cards may take betList.
var bets = sync.OnceValue(func() []*Bet {
	addTables()
	for _, b := range betList {
		for i, t := range b.Tables {
			b.Tables[i].Checked = checked[b.Name+"/"+t.Name]
		}
	}
	return betList
})

// LookupBet returns the bet named name (case-insensitively).
func LookupBet(name string) (*Bet, error) {
	for _, b := range bets() {
		if strings.EqualFold(b.Name, name) {
			return b, nil
		}
	}
	return nil, fmt.Errorf("unknown bet %s; want %s", param.Quote(name, 30), betNames())
}

// betNames lists the bets' names as "a, b or c".
func betNames() string {
	var names []string
	for _, b := range betList {
		names = append(names, b.Name)
	}
	return orList(names)
}

// orList joins values as "a, b or c".
func orList(v []string) string {
	if len(v) < 2 {
		return strings.Join(v, "")
	}
	return strings.Join(v[:len(v)-1], ", ") + " or " + v[len(v)-1]
}

// table returns a pay table from its outcome:pays text, which must be
// valid: the tables below are written as users write theirs.
func table(b *Bet, name, source, pays string) Table {
	t, err := parsePays(b, pays)
	if err != nil {
		panic("side: table " + name + " of " + b.Name + ": " + err.Error())
	}
	t.Name, t.Source = name, source
	return t
}

// wizard is the Wizard of Odds' side bets pages, where most tables below
// are published with their combinations and house edges.
const wizard = "Wizard of Odds, wizardofodds.com/games/blackjack/side-bets/"

var (
	twentyOnePlus3 = &Bet{
		Name: "21+3",
		Rules: "the player's two cards and the dealer's up card as a three-card poker hand: " +
			"suited trips (three cards of one rank and suit), straight flush, trips (three of a rank; J, Q, K are ranks apart from T), " +
			"straight (A-2-3 up to Q-K-A; K-A-2 is not one) or flush",
		Cards:    []string{"player", "player", "dealer up"},
		Outcomes: []string{"suited-trips", "straight-flush", "trips", "straight", "flush"},
		parts:    []int{3},
		classify: classify21Plus3,
	}
	perfectPairs = &Bet{
		Name: "perfect-pairs",
		Rules: "the player's two cards of one rank (J, Q, K are ranks apart from T): a perfect pair is of one suit, " +
			"a coloured pair of one colour, a mixed pair one red and one black",
		Cards:    []string{"player", "player"},
		Outcomes: []string{"perfect-pair", "coloured-pair", "mixed-pair"},
		parts:    []int{2},
		classify: classifyPerfectPairs,
	}
	luckyLadies = &Bet{
		Name: "lucky-ladies",
		Rules: "the player's two cards total 20 (an ace counts 1 or 11: A-9 is 20): any 20; suited 20 of one suit; " +
			"matched 20 of one rank and suit; a pair of queens of hearts; and that pair when the dealer's two cards are a blackjack",
		Cards:    []string{"player", "player", "dealer up", "dealer hole"},
		Outcomes: []string{"queen-hearts-pair-blackjack", "queen-hearts-pair", "matched-20", "suited-20", "any-20"},
		parts:    []int{2, 2},
		classify: classifyLuckyLadies,
	}
	royalMatch = &Bet{
		Name:     "royal-match",
		Rules:    "the player's two cards of one suit: an easy match; a suited king and queen: a royal match",
		Cards:    []string{"player", "player"},
		Outcomes: []string{"royal-match", "easy-match"},
		parts:    []int{2},
		classify: classifyRoyalMatch,
	}
	matchTheDealer = &Bet{
		Name: "match-the-dealer",
		Rules: "each of the player's two cards of the dealer's up card's rank (J, Q, K are ranks apart from T) is paid on its own: " +
			"a suited match (the same suit too) or an unsuited match; the bet loses when neither card matches",
		Cards:    []string{"player", "player", "dealer up"},
		Outcomes: []string{"suited-match", "unsuited-match"},
		parts:    []int{2, 1},
		classify: classifyMatchTheDealer,
		perCard:  true,
	}
	overUnder13 = &Bet{
		Name:     "over-under-13",
		Rules:    "the player's two cards total over 13, or under 13, aces counting 1; a total of 13 loses both",
		Cards:    []string{"player", "player"},
		Outcomes: []string{"over-13", "under-13"},
		parts:    []int{2},
		classify: classifyOverUnder13,
	}
	luckyLucky = &Bet{
		Name: "lucky-lucky",
		Rules: "the player's two cards and the dealer's up card, an ace counting 1 or 11: 7-7-7 or 6-7-8, suited or not; " +
			"a total of 21 of one suit; a total of 21, 20 or 19",
		Cards:    []string{"player", "player", "dealer up"},
		Outcomes: []string{"suited-777", "suited-678", "777", "678", "suited-21", "21", "20", "19"},
		parts:    []int{3},
		classify: classifyLuckyLucky,
	}

	bustIt = &Bet{
		Name: "bust-it",
		Rules: "the dealer busts with exactly three cards: the up card and the hole card a hard 12 to 16, and the dealer's first draw " +
			"(dealt to 12 to 16 whenever the bet is on, whatever the players' hands) takes it over 21; paid by that third card " +
			"(a ten, 9, 8, 7 or 6), more for 8-8-8 of one colour or one suit",
		Cards:       []string{"dealer up", "dealer hole", "dealer's first draw"},
		Outcomes:    []string{"suited-8-8-8", "coloured-8-8-8", "third-6", "third-7", "third-8", "third-9", "third-ten"},
		parts:       []int{2, 1},
		classify:    classifyBustIt,
		dealerDraws: true,
	}

	// betList holds the bets, their pay tables not yet read (bets reads
	// them).
	betList = []*Bet{twentyOnePlus3, perfectPairs, luckyLadies, royalMatch, matchTheDealer, overUnder13, luckyLucky, buster, bustIt}
)

// addTables reads the bets' published pay tables, written as users write
// theirs.
func addTables() {
	twentyOnePlus3.Tables = []Table{
		table(twentyOnePlus3, "100-40-30-10-5", "common today (Evolution's live 21+3 and many casinos); "+wizard+"21plus3",
			"suited-trips:100,straight-flush:40,trips:30,straight:10,flush:5"),
		table(twentyOnePlus3, "9-to-1", "the original: 9 to 1 on everything; "+wizard+"21plus3 (version 1)",
			"straight-flush:9,trips:9,straight:9,flush:9"),
		table(twentyOnePlus3, "100-35-33-10-5", wizard+"21plus3 (version 3)",
			"suited-trips:100,straight-flush:35,trips:33,straight:10,flush:5"),
	}
	perfectPairs.Tables = []Table{
		table(perfectPairs, "25-12-6", wizard+"perfect-pairs (pay table A, Evolution's)", "perfect-pair:25,coloured-pair:12,mixed-pair:6"),
		table(perfectPairs, "30-10-5", wizard+"perfect-pairs (pay table B)", "perfect-pair:30,coloured-pair:10,mixed-pair:5"),
		table(perfectPairs, "25-12-5", wizard+"perfect-pairs (pay table C)", "perfect-pair:25,coloured-pair:12,mixed-pair:5"),
		table(perfectPairs, "25-15-5", wizard+"perfect-pairs (pay table D)", "perfect-pair:25,coloured-pair:15,mixed-pair:5"),
	}
	luckyLadies.Tables = []Table{
		table(luckyLadies, "1000-125-19-9-4", wizard+"lucky-ladies (pay table A)",
			"queen-hearts-pair-blackjack:1000,queen-hearts-pair:125,matched-20:19,suited-20:9,any-20:4"),
		table(luckyLadies, "1000-200-25-10-4", wizard+"lucky-ladies (pay table B)",
			"queen-hearts-pair-blackjack:1000,queen-hearts-pair:200,matched-20:25,suited-20:10,any-20:4"),
	}
	royalMatch.Tables = []Table{
		table(royalMatch, "25-2.5", wizard+"royal-match (version 1, in shoes)", "royal-match:25,easy-match:2.5"),
		table(royalMatch, "10-3", wizard+"royal-match (version 2, one deck)", "royal-match:10,easy-match:3"),
	}
	matchTheDealer.Tables = []Table{
		table(matchTheDealer, "11-4", wizard+"match-the-dealer (six decks)", "suited-match:11,unsuited-match:4"),
		table(matchTheDealer, "14-3", wizard+"match-the-dealer (eight decks)", "suited-match:14,unsuited-match:3"),
		table(matchTheDealer, "12-4", wizard+"match-the-dealer (four decks)", "suited-match:12,unsuited-match:4"),
		table(matchTheDealer, "19-4", wizard+"match-the-dealer (two decks)", "suited-match:19,unsuited-match:4"),
		table(matchTheDealer, "15-3", wizard+"match-the-dealer (five decks)", "suited-match:15,unsuited-match:3"),
	}
	overUnder13.Tables = []Table{
		table(overUnder13, "over", wizard+"over-under-13 (even money)", "over-13:1"),
		table(overUnder13, "under", wizard+"over-under-13 (even money)", "under-13:1"),
	}
	luckyLucky.Tables = []Table{
		table(luckyLucky, "200-100-50-30-15-3-2-2", wizard+"lucky-lucky (pay table 1, the original)",
			"suited-777:200,suited-678:100,777:50,678:30,suited-21:15,21:3,20:2,19:2"),
		table(luckyLucky, "200-100-50-30-10-3-2-2", wizard+"lucky-lucky (pay table 3)",
			"suited-777:200,suited-678:100,777:50,678:30,suited-21:10,21:3,20:2,19:2"),
		table(luckyLucky, "100-50-30-3-2-2", wizard+"lucky-lucky (pay table 2, two decks: no suited 7-7-7)",
			"suited-678:100,777:50,678:30,suited-21:10,21:3,20:2,19:2"),
	}
	addBusterTables()
	bustIt.Tables = []Table{
		table(bustIt, "200-50-15-10-8-6-3", "Bust It! as Double Attack Blackjack pays it: en.wikipedia.org/wiki/Double_Attack_Blackjack",
			"suited-8-8-8:200,coloured-8-8-8:50,third-6:15,third-7:10,third-8:8,third-9:6,third-ten:3"),
	}
}

// checked notes, table by table, the figures the tests assert: "reproduced"
// where a source prints them, "computed" where only this package does.
var checked = map[string]string{
	"21+3/100-40-30-10-5":                "computed: house edge 4.6210% (6 decks), 3.7039% (8 decks), on combinations reproduced from the source",
	"21+3/9-to-1":                        "reproduced: house edge 3.2386% (6 decks), 13.30%, 7.26%, 4.24%, 2.74% (1, 2, 4, 8 decks) and every combination",
	"21+3/100-35-33-10-5":                "reproduced: every combination (6 decks); house edge 4.1427% computed",
	"perfect-pairs/25-12-6":              "reproduced: house edge 4.0964% (8 decks) and its combinations; 6.1093% (6 decks) computed",
	"perfect-pairs/30-10-5":              "reproduced: house edge 3.3735% (8 decks); 5.7878% (6 decks) computed",
	"perfect-pairs/25-12-5":              "reproduced: house edge 7.9518% (8 decks)",
	"perfect-pairs/25-15-5":              "reproduced: house edge 2.1687% (8 decks)",
	"lucky-ladies/1000-125-19-9-4":       "reproduced: house edge 24.7089% (6 decks) and every permutation",
	"royal-match/25-2.5":                 "reproduced: house edges 10.8597%, 8.3271%, 7.0792%, 6.6658%, 6.4597% (1, 2, 4, 6, 8 decks), combinations (6 decks)",
	"royal-match/10-3":                   "reproduced: house edges 3.7707%, 0.8215% (1, 2 decks); player edges 0.6317%, 1.1130% (4, 6 decks)",
	"match-the-dealer/12-4":              "reproduced: every line's permutations (4 decks)",
	"match-the-dealer/19-4":              "reproduced: every line's permutations (2 decks)",
	"match-the-dealer/11-4":              "computed: house edge 4.0618% (6 decks)",
	"over-under-13/over":                 "computed: house edge 6.5545% (6 decks); a column quotes 6.6%",
	"over-under-13/under":                "computed: house edge 10.0668% (6 decks); a column quotes 10%",
	"lucky-lucky/200-100-50-30-15-3-2-2": "reproduced: house edge 2.66% (6 decks) and every combination",
	"bust-it/200-50-15-10-8-6-3":         "computed: house edge 1.9548% (6 decks); the source prints no edge",
	"buster/250-50-12-4-2-2":             "reproduced: every bust's probability and house edge 6.2143% (6 decks, H17), house edges 8.77% to 8.22% (S17) and 6.89% to 6.17% (H17) for 1 to 8 decks",
}

// classifyBustIt reads the dealer's first three cards: a bust with the
// third, after a hard 12 to 16, by the third card's value, and 8-8-8 of
// one colour or one suit.
func classifyBustIt(h []Card) uint16 {
	two := h[0].Value() + h[1].Value() // a hard 12 to 16 holds no ace
	third := h[2].Value()
	if two < 12 || two > 16 || two+third <= 21 {
		return 0
	}
	var m uint16
	if h[0].Rank() == 8 && h[1].Rank() == 8 && h[2].Rank() == 8 {
		if h[0].Suit() == h[1].Suit() && h[1].Suit() == h[2].Suit() {
			m |= 1 << 0 // suited-8-8-8
		}
		if h[0].Suit().Red() == h[1].Suit().Red() && h[1].Suit().Red() == h[2].Suit().Red() {
			m |= 1 << 1 // coloured-8-8-8
		}
	}
	return m | 1<<(2+third-6) // third-6 is bit 2, ..., third-ten bit 6
}

// classify21Plus3 reads three cards as a poker hand.
func classify21Plus3(h []Card) uint16 {
	r := [3]int{h[0].Rank(), h[1].Rank(), h[2].Rank()}
	slices.Sort(r[:])
	flush := h[0].Suit() == h[1].Suit() && h[1].Suit() == h[2].Suit()
	trips := r[0] == r[2]
	run := r[0]+1 == r[1] && r[1]+1 == r[2]
	straight := run || r == [3]int{1, 12, 13} // Q-K-A: the ace high
	var m uint16
	if trips && h[0] == h[1] && h[1] == h[2] {
		m |= 1 << 0 // suited-trips
	}
	if straight && flush {
		m |= 1 << 1 // straight-flush
	}
	if trips {
		m |= 1 << 2
	}
	if straight {
		m |= 1 << 3
	}
	if flush {
		m |= 1 << 4
	}
	return m
}

// classifyPerfectPairs reads two cards as a pair.
func classifyPerfectPairs(h []Card) uint16 {
	a, b := h[0], h[1]
	switch {
	case a.Rank() != b.Rank():
		return 0
	case a.Suit() == b.Suit():
		return 1 << 0
	case a.Suit().Red() == b.Suit().Red():
		return 1 << 1
	}
	return 1 << 2
}

// total returns the blackjack total of cards, an ace counting 11 where
// that does not bust them.
func total(h []Card) int {
	t, ace := 0, false
	for _, c := range h {
		t += c.Value()
		ace = ace || c.Rank() == 1
	}
	if ace && t+10 <= 21 {
		t += 10
	}
	return t
}

// classifyLuckyLadies reads the player's two cards and the dealer's two.
func classifyLuckyLadies(h []Card) uint16 {
	a, b := h[0], h[1]
	if total(h[:2]) != 20 {
		return 0
	}
	m := uint16(1 << 4) // any-20
	if a.Suit() == b.Suit() {
		m |= 1 << 3
	}
	if a == b {
		m |= 1 << 2
	}
	if qh := NewCard(12, Hearts); a == qh && b == qh {
		m |= 1 << 1
		if total(h[2:]) == 21 {
			m |= 1 << 0
		}
	}
	return m
}

// classifyRoyalMatch reads the player's two cards.
func classifyRoyalMatch(h []Card) uint16 {
	a, b := h[0], h[1]
	if a.Suit() != b.Suit() {
		return 0
	}
	if a.Rank()+b.Rank() == 12+13 && a.Rank() != b.Rank() {
		return 1<<0 | 1<<1
	}
	return 1 << 1
}

// classifyMatchTheDealer returns 3 times the player's suited matches of
// the up card plus the unsuited ones.
func classifyMatchTheDealer(h []Card) uint16 {
	up := h[2]
	var class uint16
	for _, c := range h[:2] {
		switch {
		case c == up:
			class += 3
		case c.Rank() == up.Rank():
			class++
		}
	}
	return class
}

// classifyOverUnder13 reads the player's two cards, aces counting 1.
func classifyOverUnder13(h []Card) uint16 {
	switch t := h[0].Value() + h[1].Value(); {
	case t > 13:
		return 1 << 0
	case t < 13:
		return 1 << 1
	}
	return 0
}

// classifyLuckyLucky reads the player's two cards and the up card.
func classifyLuckyLucky(h []Card) uint16 {
	r := [3]int{h[0].Rank(), h[1].Rank(), h[2].Rank()}
	slices.Sort(r[:])
	suited := h[0].Suit() == h[1].Suit() && h[1].Suit() == h[2].Suit()
	var m uint16
	sevens, run := r == [3]int{7, 7, 7}, r == [3]int{6, 7, 8}
	if sevens && suited {
		m |= 1 << 0
	}
	if run && suited {
		m |= 1 << 1
	}
	if sevens {
		m |= 1 << 2
	}
	if run {
		m |= 1 << 3
	}
	switch total(h) {
	case 21:
		if suited {
			m |= 1 << 4
		}
		m |= 1 << 5
	case 20:
		m |= 1 << 6
	case 19:
		m |= 1 << 7
	}
	return m
}

// Combinations returns deals (ordered deals of the bet's cards, as a
// Line has them) as combinations: the cards of each run whose order the
// outcome does not depend on (the player's two; for 21+3 and Lucky Lucky
// all three) counted unordered, as the published analyses count them;
// nil for nil. For a bet on the dealer's whole hand it returns deals.
func (b *Bet) Combinations(deals *big.Int) *big.Int {
	if deals == nil {
		return nil
	}
	div := int64(1)
	for _, p := range b.parts {
		for k := int64(2); k <= int64(p); k++ {
			div *= k
		}
	}
	return new(big.Int).Quo(deals, big.NewInt(div))
}
