// Package side values blackjack side bets exactly, for any shoe: 21+3,
// Perfect Pairs, Lucky Ladies, Royal Match, Match the Dealer, Over/Under
// 13 and Lucky Lucky, each on its published pay tables or on one the user
// writes; and Buster Blackjack, on the dealer's whole hand.
//
// A value is found in four steps:
//
//  1. The shoe: a suited shoe knows the cards of each of the 52 kinds; a
//     rank-only shoe knows only the counts of A, 2..9, T (as --shoe gives
//     them), the rest of the full decks having been removed, every removal
//     equally likely (Shoe).
//  2. The count: every ordered deal of the cards the bet looks at, as
//     kinds of card, weighed by the physical deals it stands for and
//     filed by its class (the outcomes it makes) and its ranks; for a
//     rank-only shoe, the full shoe's deals weighed by the chance that the
//     removal left their cards (classDeals states the formula).
//  3. The settlement: each class is paid once, at the best pay among the
//     outcomes it makes that the table lists, or lost (Table).
//  4. The report: one line for each pay and one for the loss, with exact
//     ordered deals (suited shoes), exact probabilities (big.Rat) and the
//     bet's return; house edge = -return (Report). Effects of removal and
//     a count's tags come from the same exact values (RemovalEffects).
//
// The cards are the first dealt from the shoe: the player's two, the
// dealer's up card, and for Lucky Ladies the dealer's hole card. Nothing
// is conditioned on the dealer's peek. Buster Blackjack's dealer draws
// from the shoe as the bet finds it (dealerClasses): the players' cards,
// unseen, are not removed, and their draws are left out.
//
// A counter of a bet on the first cards is worked out in two steps:
//
//  1. The trigger (TriggerRequest): shoes dealt to a random depth, a
//     count's true count on each and the bet's exact EV on the shoe left
//     known by rank (what a counter of ranks can expect: the dealt cards'
//     suits averaged over, exactly), binned by true count, and a line
//     fitted near where the EVs cross 0: the true count from which to
//     bet, with its SE. The count is the bet's own tags (its effects of
//     removal, Effects.Tags) or any the user gives; an unbalanced one is
//     balanced by its mean (Count.TrueCount).
//  2. The simulation (SimRequest): a counter dealt through real suited
//     shoes, playing the main game by its chart between bets, betting one
//     unit from the trigger and settled on the round's own cards; its
//     results beside the exact EVs of the same bets, with standard
//     errors over whole shoes (Sim).
//
// Step 1 values the bet in float64 from the full shoe's tally (valuer),
// some 4 µs a shoe for 21+3 at six decks, exact as Evaluate to rounding.
package side
