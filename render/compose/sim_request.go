package compose

import (
	"bjchart/solve/simreport"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"bjchart/charts"
	"bjchart/solve"
	"bjchart/solve/param"
	"bjchart/solve/risk"
	"bjchart/solve/side"
	"bjchart/solve/sim"
)

// A SimRequest asks for a simulation's report ('bjchart sim', the page's
// /sim): the game, rounds, shoe and count of the simulation (sim.Request),
// what the players play (a strategy, seats of their own, index plays),
// and, for a counter, the bankroll its risk of ruin is of; or one of Itoh
// 2023's experiments (Preset); or one part of a run split across
// machines (Shard).
type SimRequest struct {
	Sim sim.Request
	// Bankroll, with a count, is the bankroll in units (a bet of 1 in
	// the ramp) the report's risk of ruin is of; nil for none.
	Bankroll *float64
	// Shoe, if not "", is the shoe dealt from instead of full decks: ten
	// counts of A,2..9,T.
	Shoe string
	// Strategy is what the players play: solved (the best chart for the
	// rules; "" too), cd (composition-dependent play), optimal (the exact
	// best play for the unseen cards), emcts (Itoh 2023's tree search,
	// set by the fields below), or a published chart's name or file.
	Strategy string
	// The tree search's settings (sim.SearchSettings; DefaultSimRequest has
	// Itoh 2023's, sim.DefaultSearch): playouts a decision, UCB's C (nil:
	// 3, or a preset's), the playouts' reward ("": table7, or a preset's),
	// the playouts a leaf takes before it is expanded, the tree's arcs, a
	// node's backup, a chance node's weights; and the chart the playouts
	// play ("" or solved: the solved chart; or a published chart's name or
	// file).
	Playouts             int
	C                    *float64
	Reward               string
	Threshold            int
	Tree, Backup, Chance string
	PlayoutChart         string
	// Seats are seats of their own, each "strategy=cd; ramp=...;
	// indices=published; insure-at=3", any part left out as the run's;
	// with seats, they are the players.
	Seats []string
	// Indices, with the Hi-Lo count, plays the I18 and Fab 4 by the
	// count: published, computed (bjchart's, 600 shoes) or the file of
	// 'bjchart indices --format json'; IndexScope says where: card
	// (wherever the counter's card prints them) or first (the first play
	// of an unsplit two-card hand only).
	Indices    string
	IndexScope string
	InsureAt   string // with a count: take insurance at this count or more
	// Preset is one of Itoh 2023's experiments (itoh-2023-t8 to -t12): its
	// game, strategy and count, for 1 or 4 players and 1 or 6 decks; its
	// rounds are the paper's unless Sim.Rounds is not the default.
	Preset string
	// Shard runs part i of n ("i/n") of a run split across machines;
	// MergeRequest joins the parts. Version, the program's, is part of a
	// split run's fingerprint: parts of other versions are not merged.
	Shard   string
	Version string
	// Side is a side bet the players place beside the main bet, a unit a
	// time, BET[:PAYS][@TRIGGER] (side.ParsePlay): every round, or at a
	// true count of TRIGGER or more (with a count).
	Side string
}

// DefaultSimRequest is sim.DefaultRequest played by the solved chart (the
// tree search at Itoh 2023's settings when asked for), index plays where
// the card prints them, no bankroll.
func DefaultSimRequest() SimRequest {
	d := sim.DefaultSearch()
	return SimRequest{Sim: sim.DefaultRequest(), IndexScope: "card",
		Playouts: d.Playouts, Threshold: d.Threshold, Tree: d.Tree, Backup: d.Backup, Chance: d.Chance}
}

// Params adds the request's fields to s: the simulation's, then the
// bankroll, the shoe, what is played, the preset and the shard.
func (q *SimRequest) Params(s *param.Set) {
	q.Sim.Params(s)
	s.OptFloat(&q.Bankroll, "bankroll", "with {count}: the bankroll, in units (a bet of 1 in the ramp), for the risk of ruin")
	s.String(&q.Shoe, "shoe", "deal from this shoe instead of full decks: ten counts of A,2..9,T")
	s.String(&q.Strategy, "strategy", "what the players play (default solved): solved (the best chart for the rules), cd (composition-dependent play for a full shoe, splits CDZ-), optimal (the exact best play for the cards not yet seen, decision by decision), emcts (Itoh 2023's tree search; see {playouts}, {c}, {reward}), or a published chart's name or file")
	s.Strings(&q.Seats, "seat", "a seat of its own, once per seat (then the players): \"strategy=cd; ramp=-100:1,2:4; indices=published; insure-at=3\", any part left out as the run's")
	s.String(&q.IndexScope, "index-scope", "with {indices}: where they are taken: card (wherever the counter's card prints them: split hands, hands of three or more cards, pairs played by their total, the hand not surrendered) or first (the first play of an unsplit two-card hand only, as many published simulations)")
	s.String(&q.Indices, "indices", "with {count} hilo: play the Illustrious 18 and Fab 4 by the count: published (their published indices), computed (bjchart's, 600 shoes; some seconds), or a file written by 'bjchart indices --format json'")
	s.String(&q.InsureAt, "insure-at", "with {count}: take insurance against an ace at this count or more (Hi-Lo: 3)")
	s.String(&q.Shard, "shard", "run part i of n (\"i/n\", i from 1) of a run split across machines; merge the JSON outputs with 'bjchart sim merge'")
	s.String(&q.Preset, "preset", "Itoh 2023's experiments, with {players} 1|4 and {decks} 1|6: itoh-2023-t8 (basic strategy, flat 250), t9 (eMCTS win/lose, C=1), t10 (eMCTS table 7, C=3), t11 (basic strategy with its count and bet table), t12 (eMCTS table 7, C=3, with the count)")
	s.Int(&q.Playouts, "playouts", "with {strategy} emcts: playouts per decision")
	s.OptFloat(&q.C, "c", "with {strategy} emcts: UCB's exploration constant C (default 3; a preset's: 1 with win/lose, 3 with table 7)")
	s.String(&q.Reward, "reward", "with {strategy} emcts: the playouts' reward, winlose (1 for a win, else 0) or table7 (Itoh 2023's 0..8; the default)")
	s.Int(&q.Threshold, "threshold", "with {strategy} emcts: playouts a leaf takes before it is expanded")
	s.String(&q.PlayoutChart, "playout-chart", "with {strategy} emcts: the basic strategy the playouts play: solved (the default) or a published chart's name or file")
	s.String(&q.Tree, "tree", "with {strategy} emcts: the tree's arcs, actions (Itoh 2023's) or cards (a chance node per rank drawn after a hit, as the patience-game search it grew from)")
	s.String(&q.Backup, "backup", "with {strategy} emcts: a node's value, mean (of every playout through it, UCT's) or max (a decision takes its best child's, a chance node its children's weighted by {chance})")
	s.String(&q.Side, "side", "a side bet the players place beside the main bet, a unit a time: BET[:PAYS][@TRIGGER], e.g. 21+3, perfect-pairs:30-10-5, 21+3@9.4 (at a true count of +9.4 or more of the bet's own count, 'bjchart side BET --count'); the bets and pay tables 'bjchart side' lists")
	s.String(&q.Chance, "chance", "with {tree} cards {backup} max: a chance node's children weighed by visits (how often each rank was dealt there, the patience-game search's) or exact (each rank's chance given the unseen cards)")
}

// MaxBankroll bounds a bankroll, in units.
const MaxBankroll = 1e12

// A SimJob is a checked request: the simulation, what is played, and what
// the report adds (a preset's published figure, a part's label).
type SimJob struct {
	Sim      sim.Job
	Bankroll float64
	ramp     string        // the ramp as given, for the report
	options  solve.Options // the shoe dealt from
	shoe     string        // the shoe as the report names it, "" for full decks

	strategy     string
	search       sim.EMCTSParams
	searchText   string // the search's settings as the report names them
	playoutChart string
	charts       map[string]*charts.Chart // the published charts played, read at Check; any: valued against the solve
	seats        []seatSpec
	seatSources  map[string]indexSource // the seats' index sets, by name, read when the job runs
	indices      *indexSource
	indexScope   sim.IndexScope
	scopeName    string
	insureAt     *float64
	reshuffle    int // a preset's reshuffle point, in cards
	preset       *sim.ItohRow
	shard        [2]int // part i of n; 0 of 0 for a whole run
	shardText    string
	request      requestFields // a part's, for its fingerprint
	fingerprint  string
	side         *sim.SidePlay
}

// Rounds is the rounds the job deals: its part's of a split run.
func (j SimJob) Rounds() int64 {
	if j.shard[1] == 0 {
		return j.Sim.Rounds
	}
	return sim.Config{Rounds: j.Sim.Rounds}.Part(j.shard[0], j.shard[1]).Rounds
}

// Counting reports whether the job's players count (a preset's count
// included).
func (j SimJob) Counting() bool { return j.Sim.Count != nil && j.Sim.Count.Name != sim.FlatItoh }

// Check reads and checks the request: everything that needs no solve to
// tell, so that a mistake is reported at once, not after the seconds a
// solve takes. Its errors name the field (*param.Error) where one is at
// fault; a file that cannot be read is a *charts.ReadError.
func (q SimRequest) Check() (SimJob, error) {
	simJob, err := q.Sim.Check()
	job := SimJob{Sim: simJob, ramp: q.Sim.Ramp}
	if err != nil {
		return job, err
	}
	def := DefaultSimRequest()
	r := job.Sim.Rules
	if q.Preset != "" {
		if err := q.checkPreset(&job, def); err != nil {
			return job, err
		}
		r = job.Sim.Rules
	}
	if q.Bankroll != nil {
		if !(*q.Bankroll > 0 && *q.Bankroll <= MaxBankroll) {
			return job, param.NumberErrorf("bankroll", *q.Bankroll, "want more than 0 units, at most 10^12")
		}
		if !job.Counting() {
			return job, param.Fieldf("bankroll", "{bankroll} needs {count}: the risk of ruin is a counter's")
		}
		job.Bankroll = *q.Bankroll
	}
	if q.InsureAt != "" {
		x, err := parseCount(q.InsureAt)
		if err != nil {
			return job, param.Errorf("insure-at", q.InsureAt, "want a count, e.g. 3")
		}
		if job.Sim.Count == nil {
			return job, param.Fieldf("insure-at", "{insure-at} needs {count}: insurance goes by the count")
		}
		job.insureAt = &x
	}
	scope, ok := sim.IndexScopes[q.IndexScope]
	if !ok {
		return job, param.Errorf("index-scope", q.IndexScope, "want card or first")
	}
	job.indexScope, job.scopeName = scope, q.IndexScope
	if q.IndexScope != DefaultSimRequest().IndexScope && q.Indices == "" {
		return job, param.Fieldf("index-scope", "{index-scope} %s needs {indices}: it says where the index plays are taken", q.IndexScope)
	}
	if q.Indices != "" {
		if q.Sim.Count != "hilo" {
			return job, param.Fieldf("indices", "{indices} needs {count} hilo: the index sets are Hi-Lo's")
		}
		job.indices = &indexSource{name: q.Indices} // a file is read when the job runs
	}
	if job.options, err = (solve.Request{Shoe: q.Shoe, Split: "cdz-"}).Options(r); err != nil {
		return job, err
	}
	if job.options.Shoe != nil && *job.options.Shoe != r.FullShoe() {
		job.shoe = job.options.Shoe.String()
	}
	if q.Shard != "" {
		i, n, err := param.ParseShard(q.Shard)
		if err != nil {
			return job, param.Errorf("shard", q.Shard, "%v", err)
		}
		if job.Sim.Rounds < int64(n) {
			return job, param.Fieldf("shard", "{shard} %s with {rounds} %d: fewer rounds than parts; give at least %d rounds", q.Shard, job.Sim.Rounds, n)
		}
		job.shard, job.shardText = [2]int{i, n}, q.Shard
	}
	if err := q.checkPlayers(&job, r, def); err != nil {
		return job, err
	}
	if q.Side != "" {
		if job.side, err = q.checkSide(r, job.shoe != ""); err != nil {
			return job, err
		}
	}
	if q.Shard != "" {
		job.request = requestFields(q) // fingerprinted with its files when the job runs
	}
	return job, nil
}

// checkSide reads the side bet: a bet and pay table the side bets know,
// dealt from full decks of 52 cards (their suits are the bet's), and a
// trigger read on the bet's own count.
func (q SimRequest) checkSide(r solve.Rules, shoe bool) (*sim.SidePlay, error) {
	b, t, trigger, err := side.ParsePlay(q.Side)
	if err != nil {
		return nil, param.Errorf("side", q.Side, "%v", err)
	}
	switch {
	case r.Infinite() || r.Decks > side.MaxDecks || r.FullShoe() != solve.NewShoe(r.Decks):
		return nil, param.Fieldf("side", "{side} with %s: side bets are dealt from 1 to %d decks of 52 cards", r, side.MaxDecks)
	case shoe:
		return nil, param.Fieldf("side", "{side} with {shoe}: a side bet is dealt from full decks, whose suits it reads")
	case b.DealerHand() && (r.DealerStand16 > 0 || r.DealerHit17 > 0):
		return nil, param.Fieldf("side", "{side} %s with %s: a bet on the dealer's hand is dealt by a dealer who stands on 17 or hits soft 17, not one who draws by chance", b.Name, r)
	}
	play := &sim.SidePlay{Name: fmt.Sprintf("%s (%s)", b.Name, t.Name), Trigger: trigger, Bet: side.NewSettler(b, t)}
	if trigger != nil && play.Bet.OnDealerHand() {
		return nil, param.Errorf("side", q.Side, "%s is settled on the dealer's whole hand, which no count of the first cards times: leave out @%g to place it every round", b.Name, *trigger)
	}
	if trigger != nil {
		c, tc, err := side.OwnCount(b, t, r.Decks)
		if err != nil {
			return nil, param.Errorf("side", q.Side, "a trigger is a true count of the bet's own count, and %s has none (removing a card of any rank, its suit unknown, leaves its value as it was): leave out @%g to place it every round", b.Name, *trigger)
		}
		play.TrueCount, play.CountName = tc, "its own count ("+c.String()+")"
	}
	if v, err := side.NewValuedSettler(b, t, r.Decks); err == nil { // a bet on the first cards: each placing valued
		play.Bet = v
	}
	return play, nil
}

// search is the tree search's settings, Itoh 2023's where left out.
func (q SimRequest) search() sim.SearchSettings {
	s := sim.SearchSettings{Playouts: q.Playouts, C: 3, Reward: "table7", Threshold: q.Threshold, Tree: q.Tree, Backup: q.Backup, Chance: q.Chance}
	if q.C != nil {
		s.C = *q.C
	}
	if q.Reward != "" {
		s.Reward = q.Reward
	}
	return s
}

// strategy and playoutChart are the strategy and the playouts' chart,
// the solved chart where left out.
func (q SimRequest) strategy() string     { return cmp.Or(q.Strategy, "solved") }
func (q SimRequest) playoutChart() string { return cmp.Or(q.PlayoutChart, "solved") }

// searchChanged names the first of the tree search's fields q gives
// (other than def's), or is "".
func (q SimRequest) searchChanged(def SimRequest) string {
	for _, f := range []struct {
		name    string
		changed bool
	}{{"playouts", q.Playouts != def.Playouts}, {"c", q.C != nil}, {"reward", q.Reward != ""}, {"threshold", q.Threshold != def.Threshold},
		{"playout-chart", q.PlayoutChart != ""}, {"tree", q.Tree != def.Tree}, {"backup", q.Backup != def.Backup}, {"chance", q.Chance != def.Chance}} {
		if f.changed {
			return f.name
		}
	}
	return ""
}

// checkPreset sets up Itoh 2023's experiments (section 6; sim.ItohGame
// has the game): its basic strategy (the library chart
// itoh-2023-1to6deck), or for tables 9, 10 and 12 its tree search
// (section 5) at its settings: 10,000 playouts, threshold 5, the basic
// strategy in the playouts, win/lose reward with C = 1 (table 9) or table
// 7's with C = 3; C, the playouts and the threshold may be changed
// (table 14 has table 12's game at C = 1, 2 and 4).
func (q *SimRequest) checkPreset(job *SimJob, def SimRequest) error {
	table, ok := strings.CutPrefix(q.Preset, "itoh-2023-")
	set, known := sim.ItohTables[table]
	if !ok || !known {
		return param.Errorf("preset", q.Preset, "want itoh-2023-t8, -t9, -t10, -t11 or -t12")
	}
	for _, f := range []struct {
		name  string
		given bool
	}{{"strategy", q.Strategy != ""}, {"count", q.Sim.Count != ""}, {"ramp", q.Sim.Ramp != ""}, {"penetration", q.Sim.Penetration != 0},
		{"csm", q.Sim.CSM}, {"rules", q.Sim.Game.Rules != ""}, {"shoe", q.Shoe != ""}, {"reward", q.Reward != ""},
		{"playout-chart", q.PlayoutChart != ""}} {
		if f.given {
			return param.Fieldf("preset", "{preset} %s sets {%s} itself; leave it out", q.Preset, f.name)
		}
	}
	if f := q.searchChanged(def); f != "" && !set.Search {
		return param.Fieldf("preset", "{preset} %s plays basic strategy: {%s} is a setting of the tree search (tables 9, 10 and 12)", q.Preset, f)
	}
	q.Strategy = "itoh-2023-1to6deck"
	if set.Search {
		q.Strategy, q.Reward, q.PlayoutChart = "emcts", set.Reward, "itoh-2023-1to6deck"
		if q.C == nil {
			c := map[string]float64{"winlose": 1, "table7": 3}[set.Reward]
			q.C = &c
		}
	}
	r := job.Sim.Rules
	row := sim.FindItohRow(table, q.Sim.Players, r.Decks, q.search().C)
	if row == nil {
		return param.Fieldf("preset", "{preset} %s: the paper has 1 or 4 players and 1 or 6 decks; got {players} %d, %d decks", q.Preset, q.Sim.Players, r.Decks)
	}
	var cfg sim.Config
	rules, ramp, err := sim.ItohGame(table, q.Sim.Players, r.Decks, &cfg)
	if err != nil {
		return err
	}
	job.Sim.Rules, job.Sim.Penetration, job.Sim.Count, job.Sim.Ramp = rules, 0, cfg.Count, cfg.Ramp
	job.ramp, job.reshuffle, job.preset = ramp, cfg.ReshuffleBelow, row
	if q.Sim.Rounds == def.Sim.Rounds {
		job.Sim.Rounds = row.Rounds
	}
	return nil
}

// checkPlayers checks what the players play: the strategies, the tree
// search's settings, the seats.
func (q SimRequest) checkPlayers(job *SimJob, r solve.Rules, def SimRequest) error {
	strategies := []struct{ field, name string }{{"strategy", q.strategy()}}
	if len(q.Seats) > sim.MaxPlayers {
		return param.Fieldf("seat", "{seat} given %d times: at most %d seats", len(q.Seats), sim.MaxPlayers)
	}
	if len(q.Seats) > 0 && q.Sim.Players != def.Sim.Players && q.Sim.Players != len(q.Seats) {
		return param.Fieldf("players", "{players} %d but {seat} given %d times: the seats are the players", q.Sim.Players, len(q.Seats))
	}
	for i, spec := range q.Seats {
		seat, err := readSeat(spec)
		if err != nil {
			return seatError(spec, i, err)
		}
		if (seat.ramp != "" || seat.indices != "" || seat.insureAt != "") && job.Sim.Count == nil {
			return param.Errorf("seat", spec, "a ramp, indices or insurance needs {count}")
		}
		if seat.strategy != "" {
			strategies = append(strategies, struct{ field, name string }{"seat", seat.strategy})
		}
		job.seats = append(job.seats, seat)
	}
	searching := false
	for _, s := range strategies {
		switch s.name {
		case "emcts":
			searching = true
			if err := sim.EMCTSRules(r); err != nil {
				return err
			}
		case "optimal":
			if r.Infinite() || r.HoleCard != solve.Peek || r.Surrender == solve.EarlySurrender {
				return param.Fieldf(s.field, "{strategy} optimal plays finite shoes with a peek (PEEK) and no early surrender; the rules are %s", r)
			}
		}
		c, err := publishedChart(s.name)
		if err != nil {
			return err
		}
		job.keepChart(s.name, c)
	}
	if err := checkLiveIndices(q.strategy(), q.Indices, job.seats); err != nil {
		return err
	}
	if f := q.searchChanged(def); f != "" && !searching {
		return param.Fieldf(f, "{%s} is a setting of the tree search: it needs {strategy} emcts", f)
	}
	if searching {
		search := q.search()
		p, err := search.Params()
		if err != nil {
			return err
		}
		job.search = p
		if name := q.playoutChart(); name != "solved" {
			c, err := charts.Load(name)
			if err != nil {
				return param.Errorf("playout-chart", name, "%v", err)
			}
			job.keepChart(name, c)
		}
		job.searchText = fmt.Sprintf("tree %s, %d playouts, C=%g, reward %s, threshold %d", p, search.Playouts, search.C, search.Reward, search.Threshold)
	}
	job.strategy, job.playoutChart = q.strategy(), q.playoutChart()
	return nil
}

// keepChart records a published chart the job plays (nil: none), read
// once for the check and the run.
func (j *SimJob) keepChart(name string, c *charts.Chart) {
	if c == nil {
		return
	}
	if j.charts == nil {
		j.charts = map[string]*charts.Chart{}
	}
	j.charts[name] = c
}

// checkLiveIndices refuses index plays for a player whose strategy
// decides by the cards it sees (optimal, emcts): it needs none. Each seat
// plays its own strategy and indices, or the run's (strategy, indices).
func checkLiveIndices(strategy, indices string, seats []seatSpec) error {
	live := func(name string) bool { return name == "optimal" || name == "emcts" }
	if len(seats) == 0 {
		if live(strategy) && indices != "" {
			return param.Fieldf("indices", "{indices} with {strategy} %s: a strategy that decides by the cards it sees needs no index plays", strategy)
		}
		return nil
	}
	for i, seat := range seats {
		played, with := cmp.Or(seat.strategy, strategy), cmp.Or(seat.indices, indices)
		if live(played) && with != "" {
			return seatError(seat.text, i, fmt.Errorf("indices with strategy %s: a strategy that decides by the cards it sees needs no index plays", played))
		}
	}
	return nil
}

// indicesError is the error of an index set's name.
func indicesError(name string, err error) error {
	var re *charts.ReadError
	if errors.As(err, &re) {
		return err
	}
	if name != "published" && name != "computed" && strings.HasPrefix(err.Error(), "want ") {
		return param.Errorf("indices", name, "%v", err)
	}
	return &param.Error{Name: "indices", Input: name, Problem: err.Error()}
}

// runFingerprint identifies a split run: the request but its shard, the
// program's version, and the content of every file it names (a chart,
// an indices file, in a seat too), so that a merge refuses parts of
// different runs.
func (j *SimJob) runFingerprint() (string, error) {
	whole := j.request
	whole.Shard = ""
	names := []string{whole.Strategy, whole.PlayoutChart, whole.Indices}
	for _, seat := range j.seats {
		names = append(names, seat.strategy, seat.indices)
	}
	files, err := fileDigests(names)
	if err != nil {
		return "", err
	}
	return param.Fingerprint(struct {
		SimRequest requestFields
		Files      map[string]string
	}{whole, files}, whole.Version), nil
}

// requestFields is a SimRequest's fields without its methods: a SimRequest
// passed as an interface (to be digested) would keep every method its
// methods' results have, and so the whole of SimJob.Run, in a program that
// never runs it (the page's WebAssembly).
type requestFields SimRequest

// A SimPlan is a simulation ready to deal: its configuration, the strategy
// played and what the report says of them. SimJob.Plan makes one from the
// solved game; SimJob.Run solves, plans and plays.
type SimPlan struct {
	Config   sim.Config
	Strategy sim.Strategy
	// Head describes the run in the report (simreport.Head): the game, the
	// strategy's name, the seed, the shuffle, the count and ramp.
	Head simreport.Report
	// Exact is the value beside the simulated one: the strategy's exact
	// EV with a fresh shoe every round (Head.ExactOf says what it is of
	// when it is not the strategy's own).
	Exact float64
	// Bankroll, with a count, is what the counter's risk of ruin is of.
	Bankroll float64
	job      SimJob
	seatRows []simreport.SeatRow // each seat's spec, for the report
}

// Plan lays out the simulation of a job that plays the solved chart of
// t (its game solved) at every seat, with no index plays, no preset and
// no published chart: the page's. Run plans every other. It leaves the
// other strategies out of a program that plans only this (the browser's
// WebAssembly).
func (j SimJob) Plan(t *solve.Table) (SimPlan, error) {
	if j.strategy != "solved" || len(j.charts) > 0 || len(j.seats) > 0 || j.indices != nil || j.preset != nil {
		return SimPlan{}, errors.New("simreport: the job plays more than the solved chart; SimJob.Run plans it")
	}
	ch, err := sim.NewChart(t)
	if err != nil {
		return SimPlan{}, err
	}
	return j.finish(j.config(), ch, t.EV, j.strategy, nil, nil), nil
}

// config is the simulator's configuration of the job: the game, the
// shoe, the count and ramp, insurance; plan adds index plays and seats.
func (j SimJob) config() sim.Config {
	cfg := j.Sim.Config()
	cfg.Shoe, cfg.ReshuffleBelow, cfg.InsureAt, cfg.IndexScope = j.options.Shoe, j.reshuffle, j.insureAt, j.indexScope
	cfg.Side = j.side
	return cfg
}

// plan lays out the job's simulation from its solve: the index plays,
// the strategies, the seats.
func (j SimJob) plan(ctx context.Context, s *strategies) (SimPlan, error) {
	r := j.Sim.Rules
	s.search, s.playoutChart = j.search, j.playoutChart
	cfg := j.config()
	var set *simreport.IndexPlaySet
	if j.indices != nil {
		plays, insure, played, err := j.indices.plays(ctx, r)
		if err != nil {
			return SimPlan{}, err
		}
		cfg.Indices, set = plays, played
		set.Scope = simreport.IndexScopeText[j.scopeName]
		if cfg.InsureAt == nil {
			cfg.InsureAt = &insure
		}
	}
	strat, exact, err := s.strategy("strategy", j.strategy)
	if err != nil {
		return SimPlan{}, err
	}
	var rows []simreport.SeatRow
	for i, seat := range j.seats {
		p := sim.Player{IndexScope: j.indexScope}
		if seat.strategy != "" {
			if p.Strategy, _, err = s.strategy("seat", seat.strategy); err != nil {
				return SimPlan{}, seatError(seat.text, i, err)
			}
		}
		if seat.ramp != "" {
			p.Ramp, _ = sim.ParseRamp(seat.ramp) // read at Check
		}
		if seat.indices != "" {
			var at float64
			if p.Indices, at, _, err = j.seatSources[seat.indices].plays(ctx, r); err != nil {
				return SimPlan{}, seatError(seat.text, i, err)
			}
			p.InsureAt = &at
		}
		if seat.insureAt != "" {
			x, _ := parseCount(seat.insureAt) // read at Check
			p.InsureAt = &x
		}
		cfg.Seats = append(cfg.Seats, p)
		rows = append(rows, simreport.SeatRow{Seat: i + 1, Spec: seat.text})
	}
	name := s.withNote(j.strategy)
	if j.strategy == "emcts" {
		name = fmt.Sprintf("emcts (%s, playouts by %s)", j.searchText, s.withNote(j.playoutChart))
	}
	for i := range rows {
		for chart, note := range s.notes {
			if strings.Contains(rows[i].Spec, "strategy="+chart) {
				rows[i].Spec += " (" + chart + ": " + note + ")"
			}
		}
	}
	return j.finish(cfg, strat, exact, name, set, rows), nil
}

// finish makes the plan of a configuration: a split run's part of it,
// and the report's head (the strategy's name, the index plays, each
// seat's row).
func (j SimJob) finish(cfg sim.Config, strat sim.Strategy, exact float64, name string, set *simreport.IndexPlaySet, rows []simreport.SeatRow) SimPlan {
	if j.shard[1] > 0 {
		cfg = cfg.Part(j.shard[0], j.shard[1])
	}
	rules := j.Sim.Rules.String()
	if j.shoe != "" {
		rules = solve.DropDecks(rules)
	}
	head := simreport.Head(rules, j.shoe, name, j.Sim.Seed, cfg, j.ramp)
	head.ExactOf, head.IndexPlays = exactOfStrategy(j.strategy), set
	return SimPlan{Config: cfg, Strategy: strat, Head: head, Exact: exact, Bankroll: j.Bankroll, job: j, seatRows: rows}
}

// readFiles reads the files the job names, before anything is solved:
// the indices files (the run's and the seats'), and for a part of a split
// run every file its fingerprint covers. Check leaves them to the run,
// so that a program that only checks jobs (the page) does not read files.
func (j *SimJob) readFiles() error {
	r := j.Sim.Rules
	if j.indices != nil {
		src, err := readIndexSource(j.indices.name, r)
		if err != nil {
			return indicesError(j.indices.name, err)
		}
		j.indices = &src
	}
	sources := map[string]indexSource{}
	for i, seat := range j.seats { // in seat order: the first bad file is the error, whatever the map's order
		name := seat.indices
		if _, done := sources[name]; name == "" || done {
			continue
		}
		src, err := readIndexSource(name, r)
		var re *param.ReadError
		if errors.As(err, &re) {
			return err
		}
		if err != nil {
			return seatError(seat.text, i, fmt.Errorf("indices %s: %v", name, err))
		}
		sources[name] = src
	}
	j.seatSources = sources
	if j.shardText != "" {
		var err error
		if j.fingerprint, err = j.runFingerprint(); err != nil {
			return err
		}
	}
	return nil
}

// Run solves the job's game, lays out its simulation (SimPlan) and plays it
// (SimPlan.Run), telling progress the rounds dealt of all. It stops when
// ctx ends, with ctx's error.
func (j SimJob) Run(ctx context.Context, progress func(done, total int64)) (simreport.Report, error) {
	if err := j.readFiles(); err != nil {
		return simreport.Report{}, err
	}
	opt := j.options
	charted := len(j.charts) > 0 // a published chart is valued against the solve
	opt.TableOnly = !charted
	solver, err := solve.NewSolver(ctx, j.Sim.Rules, opt)
	if err != nil {
		return simreport.Report{}, err
	}
	s := &strategies{table: solver.Table(), loaded: j.charts}
	if charted {
		s.solver = solver
	}
	p, err := j.plan(ctx, s)
	if err != nil {
		return simreport.Report{}, err
	}
	return p.Run(ctx, progress)
}

// Run deals the plan's rounds on every core, telling progress the rounds
// dealt of all, and reports them: the figures with their error bars, the
// exact value beside them and, with a count, the counter's. It stops
// when ctx ends, with ctx's error.
func (p SimPlan) Run(ctx context.Context, progress func(done, total int64)) (simreport.Report, error) {
	cfg := p.Config
	start := time.Now()
	res, err := sim.Run(ctx, cfg, p.Strategy, progress)
	if err != nil {
		return simreport.Report{}, err
	}
	rep := p.Head.WithResult(res, p.Exact, time.Since(start))
	rep.Sums = &res
	if cfg.Count != nil && cfg.Count.Name != sim.FlatItoh {
		rep.Counter, rep.ByCount = risk.NewCounter(res, p.Bankroll)
	}
	return p.complete(rep), nil
}

// complete adds to a played run's report each seat's rows, the paper's
// figure beside a preset's, and a part's label, fingerprint and seal.
func (p SimPlan) complete(rep simreport.Report) simreport.Report {
	rep.SeatResults = simreport.SeatRows(*rep.Sums, p.seatRows)
	if ref := p.job.preset; ref != nil {
		rep.Reference = simreport.NewPaperRef(ref.Source(), ref.Rounds, ref.Payout, rep)
	}
	if p.job.shardText != "" {
		rep.Shard, rep.Fingerprint = p.job.shardText, p.job.fingerprint
		rep.Seal = simreport.Seal(rep)
	}
	return rep
}
