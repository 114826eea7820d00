// Package solve computes exact blackjack expected values for a rule set:
// the EV of every legal action for every chart cell, the chart that follows
// from them, and the EV of a round.
//
// The pipeline is:
//
//  1. Rules are parsed from the community's notation (ParseRules).
//  2. The dealer's final-hand distribution is computed for every up card.
//  3. Every player hand is valued by dynamic programming from the highest
//     totals down: stand, hit (then optimal play), double, split (with
//     resplits) and surrender.
//  4. Each cell's best action and fallback are chosen (Code), and the round's
//     EV is the probability-weighted sum over the first three cards.
//
// All EVs are fractions of the initial wager. Table.Conditioning states what
// a table's EVs are conditioned on; Table.EV is always unconditional.
package solve

// Solve computes the Table for a rule set.
func Solve(r Rules) (*Table, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if r.Infinite() {
		return solveInfinite(r), nil
	}
	return solveFinite(r, NewShoe(r.Decks)), nil
}
