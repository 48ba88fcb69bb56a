import { calendarDay } from '@moba/contracts';
import { insertIfNew, smsBudgetsReached, smsRefusals, type Logger } from '@moba/platform';
import type { SmsStore } from './sms-store';

/** Daily caps on SMS sent (days of Europe/Belgrade); a message over any of them is refused, not delayed. */
export interface SmsCaps {
  perDay: number;
  perPhonePerDay: number;
  /** Calling code ('+381') → its daily cap. */
  perPrefixPerDay: Record<string, number>;
  /** One shared daily cap for every calling code not listed: unusual destinations are where SMS fraud pays. */
  otherPrefixesPerDay: number;
}

export const OTHER_PREFIXES = 'other';

/** The listed calling code a phone (E.164) starts with (the longest that fits), or 'other'. */
export function prefixBudgetOf(phone: string, caps: SmsCaps): string {
  const listed = Object.keys(caps.perPrefixPerDay)
    .filter((prefix) => phone.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
  return listed[0] ?? OTHER_PREFIXES;
}

interface Budget {
  key: string;
  cap: number;
  /** The metric label and the name in the refusal. */
  name: string;
  /** The whole day's budget and a prefix's are alerts; one phone's cap is only a warning. */
  alert: boolean;
}

function budgetsOf(phone: string, caps: SmsCaps, day: string): Budget[] {
  const prefix = prefixBudgetOf(phone, caps);
  return [
    { key: `${day}|phone|${phone}`, cap: caps.perPhonePerDay, name: 'phone', alert: false },
    {
      key: `${day}|prefix|${prefix}`,
      cap: caps.perPrefixPerDay[prefix] ?? caps.otherPrefixesPerDay,
      name: prefix,
      alert: true,
    },
    { key: `${day}|all`, cap: caps.perDay, name: 'all', alert: true },
  ];
}

export interface BudgetContext {
  sms: SmsStore;
  logger: Logger;
  caps: SmsCaps;
}

export type Reservation = { ok: true; release(): Promise<void> } | { ok: false; reason: string };

/**
 * Takes one send out of each of the phone's daily budgets (its number, its calling code, the day), each
 * with a conditional increment so instances sharing the store never pass a cap together. If any is
 * full, the ones taken are given back and the reason names the cap. Reaching a budget is reported once
 * a day: an error log line and the moba_sms_budget_reached_total metric.
 */
export async function reserveDailySend(ctx: BudgetContext, phone: string, now: Date): Promise<Reservation> {
  const day = calendarDay(now);
  const taken: Budget[] = [];
  const giveBack = async () => {
    for (const budget of taken)
      await ctx.sms.dailyCounts.updateOne({ _id: budget.key }, { $inc: { count: -1 } });
  };
  for (const budget of budgetsOf(phone, ctx.caps, day)) {
    const after = await takeOne(ctx.sms, budget, day);
    if (!after) {
      await giveBack();
      smsRefusals.inc({ budget: budget.name });
      await reportReached(ctx, budget, now);
      return { ok: false, reason: `daily cap reached: ${describe(budget)}` };
    }
    taken.push(budget);
    if (after.count >= budget.cap) await reportReached(ctx, budget, now);
  }
  return { ok: true, release: giveBack };
}

async function takeOne(sms: SmsStore, budget: Budget, day: string) {
  const take = () =>
    sms.dailyCounts.findOneAndUpdate({ _id: budget.key, count: { $lt: budget.cap } }, { $inc: { count: 1 } });
  const after = await take();
  if (after || (await sms.dailyCounts.findOne({ _id: budget.key }))) return after;
  await insertIfNew(sms.dailyCounts, { _id: budget.key, day, count: 0 });
  return take();
}

const describe = (budget: Budget) =>
  budget.name === 'all'
    ? `${budget.cap} SMS a day in all`
    : budget.name === 'phone'
      ? `${budget.cap} SMS a day to one phone`
      : `${budget.cap} SMS a day to ${budget.name === OTHER_PREFIXES ? 'unlisted calling codes' : budget.name}`;

async function reportReached(ctx: BudgetContext, budget: Budget, now: Date) {
  const first = await ctx.sms.dailyCounts.findOneAndUpdate(
    { _id: budget.key, alertedAt: { $exists: false } },
    { $set: { alertedAt: now.toISOString() } },
  );
  if (!first) return;
  smsBudgetsReached.inc({ budget: budget.name });
  const facts = { budget: budget.key, cap: budget.cap };
  if (budget.alert)
    ctx.logger.error(facts, `SMS budget reached: ${describe(budget)}; more are refused today`);
  else ctx.logger.warn(facts, `SMS cap of one phone reached: ${describe(budget)}`);
}
