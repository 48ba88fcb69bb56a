import type { FairPay, VacancyItem } from '@moba/contracts';
import { cropMedian, fairPayOf, wageSampleOf, type Median, type WageSample } from './fair-pay';

/**
 * The wages of the daily-wage mobas published on Moba, by crop: the medians beside each wage.
 * Fed by the vacancy events (a publication adds its sample, a deletion removes it) and loaded at
 * start from the store by the same rule (`recount`), so the model always equals a recount. Keyed by
 * vacancy id, so a repeated event changes nothing; a deletion is remembered, so a publication event
 * that arrives again after it does not bring the moba back. A moba held for review counts only once an
 * admin approves it, and a rejected one never (decisions are remembered too, so their order with the
 * publication does not matter).
 */
export function createFairPayReadModel() {
  const samples = new Map<string, WageSample>();
  const deleted = new Set<string>();
  /** Held mobas' samples, waiting for an admin's decision. */
  const held = new Map<string, WageSample>();
  const decisions = new Map<string, 'approved' | 'rejected'>();
  const byCrop = new Map<string, WageSample[]>();
  let version = 0;
  const medians = new Map<string, Median | null>();

  const reindex = () => {
    byCrop.clear();
    for (const sample of samples.values())
      for (const crop of new Set(sample.crops)) {
        const list = byCrop.get(crop) ?? [];
        list.push(sample);
        byCrop.set(crop, list);
      }
  };
  let dirty = false;
  const changed = () => {
    version++;
    dirty = true;
    medians.clear();
  };

  const model = {
    /** A moba was published (VacancyCreated's fields). */
    published(data: Parameters<typeof wageSampleOf>[0] & { status?: string }) {
      const id = data.vacancyId;
      if (deleted.has(id) || samples.has(id) || decisions.get(id) === 'rejected') return;
      const sample = wageSampleOf(data);
      if (!sample) return;
      if (data.status === 'Review' && decisions.get(id) !== 'approved') {
        held.set(id, sample);
        return;
      }
      samples.set(id, sample);
      changed();
    },
    /** An admin decided a held (or reported) moba: approved counts, rejected never does. */
    reviewed(vacancyId: string, state: string) {
      if (state !== 'approved' && state !== 'rejected') return;
      decisions.set(vacancyId, state);
      const waiting = held.get(vacancyId);
      held.delete(vacancyId);
      if (state === 'approved' && waiting && !deleted.has(vacancyId)) {
        samples.set(vacancyId, waiting);
        changed();
      } else if (state === 'rejected' && samples.delete(vacancyId)) changed();
    },
    /** A moba was deleted: its wage no longer counts. */
    deleted(vacancyId: string) {
      deleted.add(vacancyId);
      held.delete(vacancyId);
      if (samples.delete(vacancyId)) changed();
    },
    /** Replaces everything with the samples of the stored mobas (the recount). */
    recount(
      stored: {
        vacancyId: string;
        deletedAt?: string;
        paymentType: string;
        dailyWage?: number;
        crops?: string[];
        district?: string;
        createdAt: string;
        review?: { state: string };
      }[],
    ) {
      samples.clear();
      held.clear();
      for (const v of stored) {
        if (v.deletedAt) {
          deleted.add(v.vacancyId);
          continue;
        }
        if (deleted.has(v.vacancyId)) continue;
        // Held for review and not yet decided, or rejected: not a wage Moba published.
        if (v.review?.state === 'held' || v.review?.state === 'rejected') continue;
        const sample = wageSampleOf(v);
        if (sample) samples.set(sample.vacancyId, sample);
      }
      changed();
    },
    /** The median of a crop (of the district when it has 5 mobas), from 5 mobas up, on a day. */
    median(crop: string, district: string | undefined, today: string): Median | undefined {
      if (dirty) {
        reindex();
        dirty = false;
      }
      const key = `${today}|${crop}|${district ?? ''}`;
      let found = medians.get(key);
      if (found === undefined) {
        found = cropMedian(byCrop.get(crop) ?? [], crop, district, today) ?? null;
        medians.set(key, found);
      }
      return found ?? undefined;
    },
    /** The fair-pay figures of a moba on a day. */
    fairPayOf(item: VacancyItem, today: string): FairPay | undefined {
      return fairPayOf(item, (crop, district) => model.median(crop, district, today));
    },
    /** The samples, sorted by vacancy id (tests compare the model with a recount). */
    snapshot: (): WageSample[] =>
      [...samples.values()].sort((a, b) => a.vacancyId.localeCompare(b.vacancyId)),
    version: () => version,
  };
  return model;
}
export type FairPayReadModel = ReturnType<typeof createFairPayReadModel>;
