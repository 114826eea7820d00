package render

import (
	"context"
	"slices"

	"bjchart/solve/house"
	"bjchart/solve/param"
)

// A HouseCardRequest asks for the house game's printable card ('bjchart
// house --card', the page's /house/card.pdf): the game and the paper.
// The face supplies the version and date printed.
type HouseCardRequest struct {
	House house.Request
	Paper string // one of Papers
}

// DefaultHouseCardRequest is the house game's card on the default paper.
func DefaultHouseCardRequest() HouseCardRequest {
	return HouseCardRequest{House: house.DefaultRequest(), Paper: DefaultPaper}
}

// Params adds the request's fields to s: the game's, then the paper.
func (q *HouseCardRequest) Params(s *param.Set) {
	q.House.Params(s)
	s.Enum(&q.Paper, "paper", "the card's paper: %s", Papers...)
}

// A HouseCardJob is a checked house card request.
type HouseCardJob struct {
	rules house.Rules
	paper string
}

// Check reads the game and the paper.
func (q HouseCardRequest) Check() (HouseCardJob, error) {
	game, err := q.House.Check()
	if err != nil {
		return HouseCardJob{}, err
	}
	r := game.Rules
	if !slices.Contains(Papers, q.Paper) {
		return HouseCardJob{}, param.Errorf("paper", q.Paper, "want %s", param.OrList(Papers))
	}
	return HouseCardJob{rules: r, paper: q.Paper}, nil
}

// Rules is the game the card is of.
func (j HouseCardJob) Rules() house.Rules { return j.rules }

// A HouseCard is what the house game's card prints, for
// Painter.HouseCard (which Options.Version and Date complete).
type HouseCard struct {
	Solution *house.Solution
	Options  CardOptions
}

// Card lays out the card of a solution of the job's game.
func (j HouseCardJob) Card(s *house.Solution) HouseCard {
	return HouseCard{Solution: s, Options: CardOptions{Size: j.paper}}
}

// Run solves the game and lays out its card. progress is not called: the
// solve is one step.
func (j HouseCardJob) Run(ctx context.Context, progress func(done, total int64)) (HouseCard, error) {
	s, err := house.Job{Rules: j.rules}.Run(ctx, nil)
	if err != nil {
		return HouseCard{}, err
	}
	return j.Card(s), nil
}

// A HousePlotRequest asks for the house game's heatmap ('bjchart house
// --plot', the page's /house/plot.png): the value per point bet by first
// card and up card. The face gives the format (the file's extension, the
// address's).
type HousePlotRequest struct {
	House house.Request
}

// DefaultHousePlotRequest is the house game's heatmap.
func DefaultHousePlotRequest() HousePlotRequest {
	return HousePlotRequest{House: house.DefaultRequest()}
}

// Params adds the request's fields to s: the game's.
func (q *HousePlotRequest) Params(s *param.Set) { q.House.Params(s) }

// A HousePlotJob is a checked house heatmap request.
type HousePlotJob struct{ rules house.Rules }

// Check reads the game.
func (q HousePlotRequest) Check() (HousePlotJob, error) {
	game, err := q.House.Check()
	return HousePlotJob{rules: game.Rules}, err
}

// Rules is the game the heatmap is of.
func (j HousePlotJob) Rules() house.Rules { return j.rules }

// Heatmap lays out the heatmap of a solution of the job's game.
func (j HousePlotJob) Heatmap(s *house.Solution) Heatmap {
	return Heatmap{Grids: []*EVGrid{HouseGrid(s)}, Options: HeatmapOptions{Title: s.Rules.String(), Scale: "EV per point bet", Codes: true}}
}

// Run solves the game and lays out its heatmap.
func (j HousePlotJob) Run(ctx context.Context, progress func(done, total int64)) (Heatmap, error) {
	s, err := house.Job{Rules: j.rules}.Run(ctx, nil)
	if err != nil {
		return Heatmap{}, err
	}
	return j.Heatmap(s), nil
}

// A Heatmap is a figure's tables and options, for Painter.Heatmap.
type Heatmap struct {
	Grids   []*EVGrid
	Options HeatmapOptions
}
