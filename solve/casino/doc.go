// Package casino plays blackjack at a table, once for every part of
// bjchart that deals cards: the shoe (shoe.go), the deal, the peek,
// insurance and even money, each player decision with its legality under
// the rules, the dealer's play (dealer.go) and the settlement
// (settle.go), and the count of the cards seen.
//
// A Table is driven one decision at a time: Deal starts a round, and the
// round waits (Table.Phase) for each seat's insurance (Insure) and each
// hand's play (Play) in turn, then plays the dealer's hand and settles.
// The simulator (solve/sim) answers each decision from a strategy at full
// speed; the trainer's table (solve/drill) waits for its player. Both
// deal from the same Shoe, so the same seed deals them the same cards.
//
// Cards carry their suits (Card), which the side bets read; the main
// game reads only their values.
package casino
