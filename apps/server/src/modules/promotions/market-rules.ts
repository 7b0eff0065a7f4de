import type { OfferType } from '@platform/contract';

// What each market's law lets a merchant offer (decision 0030). Brazil (Lei 14.790/2023, art. 29, I)
// forbids "any form of advance, anticipation, bonus or prior advantage" for placing a bet: a bonus
// paid before the player has bet (on a deposit, at sign-up) is out; a reward computed on bets already
// settled (a rebate) is allowed. The rule is the server's, read at every step that could pay: an
// operator creating or switching on an offer, the list the site shows, a claim and the rebate job.

/** Types paid before any bet: a bonus that would be an advantage for betting. */
const preBet: Record<OfferType, boolean> = {
  first_deposit: true,
  reload: true,
  daily_rebate: false,
};

/** Markets (the merchant's main country) that forbid pre-bet bonuses. */
const noPreBetBonus: ReadonlySet<string> = new Set(['BR']);

/** Whether a merchant of this country may offer this type of promotion. */
export function mayOffer(merchant: { country: string }, type: OfferType): boolean {
  return !(noPreBetBonus.has(merchant.country) && preBet[type]);
}
