package side

import (
	"context"
	"math"

	"bjchart/solve"
	"bjchart/solve/param"
)

// A CardRequest asks for a side-bet card for a game: each side bet on its
// usual pay table at the game's decks (and dealer, for Buster), its house
// edge, and where a count of its own can time it, its tags and trigger.
// 'bjchart side card' binds it.
type CardRequest struct {
	Rules       string  // the game: its decks, and its dealer for Buster ("" the default game)
	Penetration float64 // the shoes its triggers sample are dealt to below this share
	Shoes       int     // shoes sampled for each trigger
	Seed        uint64
}

// DefaultCardRequest is the default game, its triggers from 200,000 shoes
// dealt to below 75% (about a quarter of a second each), seed 1.
func DefaultCardRequest() CardRequest {
	return CardRequest{Penetration: DefaultPenetration, Shoes: 200_000, Seed: 1}
}

// Params adds the request's fields to s.
func (q *CardRequest) Params(s *param.Set) {
	s.String(&q.Rules, "rules", "the game: its decks, and its dealer for buster (default: the default game)")
	s.Percent(&q.Penetration, "penetration", "each trigger's shoes are dealt to a depth below this share of the shoe")
	s.Int(&q.Shoes, "shoes", "shoes sampled for each bet's trigger, 100 to 100,000,000")
	s.Uint64(&q.Seed, "seed", "seed of the triggers' shoes")
}

// A CardJob is a checked CardRequest.
type CardJob struct {
	Rules       solve.Rules
	Penetration float64
	Shoes       int
	Seed        uint64
}

// Check reads the request. Its errors name the field (*param.Error).
func (q CardRequest) Check() (CardJob, error) {
	r := solve.Default
	if q.Rules != "" {
		var err error
		if r, err = solve.ParseRules(q.Rules); err != nil {
			return CardJob{}, param.Errorf("rules", q.Rules, "%v", err)
		}
	}
	if err := checkMainRules(r); err != nil {
		return CardJob{}, param.Errorf("rules", r.String(), "%v", err)
	}
	if !(q.Penetration > 0 && q.Penetration < 1) {
		return CardJob{}, param.NumberErrorf("penetration", param.FormatPercent(q.Penetration), "want a percentage above 0 and below 100, e.g. 75%%")
	}
	if q.Shoes < 100 || q.Shoes > MaxTriggerShoes {
		return CardJob{}, param.NumberErrorf("shoes", q.Shoes, "want 100 to %d", MaxTriggerShoes)
	}
	return CardJob{Rules: r, Penetration: q.Penetration, Shoes: q.Shoes, Seed: q.Seed}, nil
}

// A BetsCard is the side bets of a game, one row each, in the order Bets
// lists them.
type BetsCard struct {
	CardJob
	Rows []BetsCardRow
}

// A BetsCardRow is one side bet on its usual pay table: its return on the
// full shoe (the house edge is -EV), and where the bet has a count of its
// own (effects of removal by rank), the count's tags, the trigger found
// on Shoes sampled shoes (TC ± SE, NaN for none) and the share of those
// shoes at or above it with their mean edge.
type BetsCardRow struct {
	Bet         *Bet
	Table       Table
	EV          float64
	Count       *Count
	TC, SE      float64
	Above, Edge float64
}

// Steps is the job's progress total: the shoes of every trigger.
func (j CardJob) Steps() int64 {
	n := 0
	for _, b := range Bets() {
		if !b.dealer {
			n++
		}
	}
	return int64(n) * int64(j.Shoes)
}

// Run values each bet and finds the triggers; progress, when not nil, is
// told as each trigger's shoes are sampled.
func (j CardJob) Run(ctx context.Context, progress func(done, total int64)) (*BetsCard, error) {
	c := &BetsCard{CardJob: j}
	total, done := j.Steps(), int64(0)
	for _, b := range Bets() {
		t := b.Tables[0]
		rep, err := Evaluate(b, t, NewShoe(j.Rules.Decks), Rules{H17: j.Rules.H17})
		if err != nil {
			return nil, err
		}
		row := BetsCardRow{Bet: b, Table: t, EV: rep.EV, TC: math.NaN(), SE: math.NaN()}
		if !b.dealer {
			q := TriggerRequest{Bet: b.Name, Pays: t.Name, Decks: j.Rules.Decks, Penetration: j.Penetration, Shoes: j.Shoes, Seed: j.Seed}
			job, err := q.Check()
			switch {
			case err == nil:
				at := done
				tr, err := job.Run(ctx, func(d, _ int64) {
					if progress != nil {
						progress(at+d, total)
					}
				})
				if err != nil {
					return nil, err
				}
				row.Count, row.TC, row.SE, row.Above, row.Edge = &tr.Count, tr.TC, tr.SE, tr.Above, tr.AboveEV
			case ctx.Err() != nil:
				return nil, ctx.Err()
			}
			done += int64(j.Shoes) // a bet with no count of its own (no effects of removal) has no trigger
		}
		c.Rows = append(c.Rows, row)
	}
	return c, nil
}
