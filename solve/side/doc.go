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
package side
