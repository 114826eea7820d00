package solve

import (
	stdcontext "context"
	"errors"
	"strings"

	"bjchart/solve/param"
)

// A Request asks for a solved table: a game, the shoe it is dealt from
// (full decks unless Shoe names one) and how split hands are played in
// the composition-dependent values. 'bjchart chart' binds it to flags.
type Request struct {
	Game  Game
	Shoe  string // ten counts of A,2..9,T; "" is the rules' full shoe
	Split string // cdz- or cdp1
}

// DefaultRequest is the default game from full decks, split hands played
// by CDZ-.
func DefaultRequest() Request { return Request{Split: "cdz-"} }

// Params adds the request's fields to s, the game's first.
func (q *Request) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Shoe, "shoe", shoeUsage)
	s.String(&q.Split, "split", "post-split strategy of composition-dependent split EVs: cdz- or cdp1")
}

// shoeUsage is the help of a request's shoe field.
const shoeUsage = "deal from this remaining shoe instead of full decks: ten counts of A,2..9,T (e.g. \"4,4,4,4,4,4,4,4,4,16\")"

// Options reads the request's shoe and split play for the rules.
func (q Request) Options(r Rules) (Options, error) {
	var opt Options
	switch strings.ToLower(q.Split) {
	case "cdz-", "cdz", "":
		opt.Split = CDZMinus
	case "cdp1":
		opt.Split = CDP1
	default:
		return opt, param.Errorf("split", q.Split, "want cdz- or cdp1")
	}
	if q.Shoe != "" {
		if r.Infinite() {
			return opt, param.Fieldf("shoe", "{shoe} needs a finite deck count: %q deals from an infinite deck", r)
		}
		sh, err := ParseShoe(q.Shoe)
		if err != nil {
			return opt, &param.Error{Name: "shoe", Input: strings.TrimPrefix(err.Error(), "shoe ")}
		}
		opt.Shoe = &sh
	}
	return opt, nil
}

// Check reads and checks the request: the rules and the solver's
// options.
func (q Request) Check() (Rules, Options, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return r, Options{}, err
	}
	opt, err := q.Options(r)
	return r, opt, err
}

// Run checks the request and solves its table; when ctx ends the solve
// stops between up cards and Run returns ctx's error.
func (q Request) Run(ctx stdcontext.Context) (*Table, error) {
	r, opt, err := q.Check()
	if err != nil {
		return nil, err
	}
	opt.Stop = ctx.Done()
	t, err := SolveWith(r, opt)
	if errors.Is(err, ErrStopped) {
		return nil, ctx.Err()
	}
	return t, err
}

// A HandRequest asks what a game's solved table says of one hand
// ('bjchart hand', the page's hand lookup and /api/hand.json).
type HandRequest struct {
	Request
	Hand string // "T,6 v T", "16 v T", "soft 18 v 9" (ParseHand)
}

// DefaultHandRequest is DefaultRequest with no hand yet.
func DefaultHandRequest() HandRequest { return HandRequest{Request: DefaultRequest()} }

// Params adds the request's fields to s: the solve's, then the hand.
func (q *HandRequest) Params(s *param.Set) {
	q.Request.Params(s)
	s.String(&q.Hand, "hand", "the hand and up card: cards (\"T,6 v T\") or a total (\"16 v T\", \"soft 18 v 9\")")
}

// Check reads and checks the request: the rules, the solver's options
// and the hand.
func (q HandRequest) Check() (Rules, Options, HandQuery, error) {
	hq, err := ParseHand(q.Hand)
	if err != nil {
		return Rules{}, Options{}, hq, err
	}
	r, opt, err := q.Request.Check()
	return r, opt, hq, err
}

// Run checks the request, solves its table and looks the hand up.
func (q HandRequest) Run(ctx stdcontext.Context) (*Table, Lookup, error) {
	_, _, hq, err := q.Check()
	if err != nil {
		return nil, Lookup{}, err
	}
	t, err := q.Request.Run(ctx)
	if err != nil {
		return nil, Lookup{}, err
	}
	l, err := t.Lookup(hq)
	return t, l, err
}

// A DealerRequest asks how the dealer's hand ends, by up card ('bjchart
// dealer' and the page's dealer table): a game and the shoe dealt from.
type DealerRequest struct {
	Game Game
	Shoe string // ten counts of A,2..9,T; "" is the rules' full shoe
}

// DefaultDealerRequest is the default game from full decks.
func DefaultDealerRequest() DealerRequest { return DealerRequest{} }

// Params adds the request's fields to s, the game's first.
func (q *DealerRequest) Params(s *param.Set) {
	q.Game.Params(s)
	s.String(&q.Shoe, "shoe", shoeUsage)
}

// Check reads and checks the request: the rules and the shoe (nil for
// the rules' full shoe).
func (q DealerRequest) Check() (Rules, *Shoe, error) {
	r, opt, err := Request{Game: q.Game, Shoe: q.Shoe}.Check()
	return r, opt.Shoe, err
}

// Run checks the request and returns the dealer's outcomes by up card
// (DealerOutcomes) with the rules and shoe they are of.
func (q DealerRequest) Run(ctx stdcontext.Context) (Rules, *Shoe, [10]DealerDist, error) {
	r, shoe, err := q.Check()
	if err != nil {
		return r, nil, [10]DealerDist{}, err
	}
	if err := ctx.Err(); err != nil {
		return r, nil, [10]DealerDist{}, err
	}
	d, err := DealerOutcomes(r, Options{Shoe: shoe})
	return r, shoe, d, err
}

// An EffectsRequest asks what each rule does to a game, one rule changed
// at a time ('bjchart effects' and the page's rule effects).
type EffectsRequest struct {
	Game Game
}

// DefaultEffectsRequest is the default game.
func DefaultEffectsRequest() EffectsRequest { return EffectsRequest{} }

// Params adds the request's fields to s.
func (q *EffectsRequest) Params(s *param.Set) { q.Game.Params(s) }

// Run reads the rules and solves the game and its variations (Effects);
// when ctx ends the solves stop and Run returns ctx's error.
func (q EffectsRequest) Run(ctx stdcontext.Context) (*Table, []Effect, error) {
	r, err := q.Game.Resolve()
	if err != nil {
		return nil, nil, err
	}
	t, effects, err := effects(r, ctx.Done())
	if errors.Is(err, ErrStopped) {
		return nil, nil, ctx.Err()
	}
	return t, effects, err
}
