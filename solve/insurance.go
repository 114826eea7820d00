package solve

// Insurance is what insurance is worth against the dealer's ace: a side
// bet of up to half the bet that pays 2 to 1 when the hole card is a
// ten. TenChance is the chance of a ten in the hole with an ace up, the
// player's two cards not counted (averaged over them it is the same);
// EV is insurance's value per unit staked, 3 TenChance - 1. With a
// blackjack the player's ace and ten are out: BlackjackTenChance, and
// EvenMoney is what insuring the blackjack (half the bet: "even money"
// where a blackjack pays 3:2 and ties push) changes its EV by, per unit
// of the bet, 0.5 (3 BlackjackTenChance - 1): negative, the usual case,
// means even money gives EV up.
type Insurance struct {
	TenChance          float64
	EV                 float64
	BlackjackTenChance float64
	EvenMoney          float64
}

// Insurance returns insurance's value for the table's shoe (a finite
// shoe's cards, an infinite deck's proportions), before any card of the
// round but the up ace is seen.
func (t *Table) Insurance() Insurance {
	shoe := t.Shoe
	if t.Rules.Infinite() || shoe.Total() == 0 {
		shoe = t.Rules.FullShoe()
	}
	tens, n := float64(shoe.Counts[9]), float64(shoe.Total())
	var in Insurance
	if t.Rules.Infinite() {
		in.TenChance, in.BlackjackTenChance = tens/n, tens/n
	} else {
		in.TenChance = tens / (n - 1)                // the up ace out
		in.BlackjackTenChance = (tens - 1) / (n - 3) // and the player's ace and ten
	}
	in.EV = 3*in.TenChance - 1
	in.EvenMoney = 0.5 * (3*in.BlackjackTenChance - 1)
	return in
}
