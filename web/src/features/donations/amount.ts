import { DONATION_TIERS_RSD } from '@moba/contracts/limits';
import { donationTierOf, type DonationTierId } from '@moba/contracts';

/**
 * An amount as people type it in Serbia: "1.500", "1500", "1.500,50", "1500,5" or "1500.50".
 * A dot followed by exactly three digits groups thousands; a comma is the decimal mark.
 * Empty text is null (the amount is required); anything else unreadable is NaN.
 */
export function parseAmount(text: string): number | null {
  const t = text.replace(/\s|RSD|din\.?/gi, '');
  if (t === '') return null;
  let normal: string;
  if (t.includes(',')) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(t)) normal = t.replace(/\./g, '');
  else normal = t;
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** A suggested amount inside each tier (spec §9 tiers): picking a tier fills it in. */
export const suggestedAmount: Record<DonationTierId, number> = { small: 2000, medium: 7500, large: 15000 };

/** The tier the typed amount falls in, for highlighting; null when it cannot be read. */
export function tierOfText(text: string): DonationTierId | null {
  const amount = parseAmount(text);
  return amount === null || Number.isNaN(amount) || amount <= 0 ? null : donationTierOf(amount);
}

export const tiers = DONATION_TIERS_RSD;
