package compose

import (
	"bjchart/render"
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
	Paper string // one of render.Papers
}

// DefaultHouseCardRequest is the house game's card on the default paper.
func DefaultHouseCardRequest() HouseCardRequest {
	return HouseCardRequest{House: house.DefaultRequest(), Paper: render.DefaultPaper}
}

// Params adds the request's fields to s: the game's, then the paper.
func (q *HouseCardRequest) Params(s *param.Set) {
	q.House.Params(s)
	s.Enum(&q.Paper, "paper", "the card's paper: %s", render.Papers...)
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
	if !slices.Contains(render.Papers, q.Paper) {
		return HouseCardJob{}, param.Errorf("paper", q.Paper, "want %s", param.OrList(render.Papers))
	}
	return HouseCardJob{rules: r, paper: q.Paper}, nil
}

// Rules is the game the card is of.
func (j HouseCardJob) Rules() house.Rules { return j.rules }

// A HouseCard is what the house game's card prints, for
// Painter.HouseCard (which Options.Version and Date complete).
type HouseCard struct {
	Solution *house.Solution
	Options  render.CardOptions
}

// Card lays out the card of a solution of the job's game.
func (j HouseCardJob) Card(s *house.Solution) HouseCard {
	return HouseCard{Solution: s, Options: render.CardOptions{Size: j.paper}}
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

// render.Heatmap lays out the heatmap of a solution of the job's game.
func (j HousePlotJob) Heatmap(s *house.Solution) render.Heatmap {
	return render.Heatmap{Grids: []*render.EVGrid{render.HouseReport{Solution: s}.Grid()}, Options: render.HeatmapOptions{Title: s.Rules.String(), Scale: "EV per point bet", Codes: true}}
}

// Run solves the game and lays out its heatmap.
func (j HousePlotJob) Run(ctx context.Context, progress func(done, total int64)) (render.Heatmap, error) {
	s, err := house.Job{Rules: j.rules}.Run(ctx, nil)
	if err != nil {
		return render.Heatmap{}, err
	}
	return j.Heatmap(s), nil
}
