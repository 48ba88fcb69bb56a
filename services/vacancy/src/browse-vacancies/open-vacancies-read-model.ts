import { createHash } from 'node:crypto';
import {
  greatCircleKm,
  seatOf,
  type LatLng,
  type PromiseFigure,
  type VacancyFilters,
  type VacancyItem,
} from '@moba/contracts';
import type { Collection } from '@moba/platform';
import { hiddenFromBrowse, toItem, type VacancyDoc } from '../domain/vacancy';
import { compareForBrowse } from '../domain/filters';

export interface CachedPage {
  etag: string;
  json: string;
}

const RESPONSE_CACHE_MAX = 500;
/** The km of a moba whose municipality has no known seat (never within any limit). */
const NO_DISTANCE = 50_000;

export interface ReadModelOptions {
  /** Adds what an item carries beside the stored facts (the fair-pay figures). */
  decorate?: (item: VacancyItem) => VacancyItem;
  /** Changes when what `decorate` adds may change (cached pages and items of another stamp are not reused). */
  stamp?: () => string;
}

/**
 * The Open vacancies in memory, sorted featured first then newest: browsing answers from here, never
 * from a store scan. Loaded at start, updated after every write of this instance (`refresh`, `apply`)
 * and by the events every instance hears (follow-vacancy-changes.ts). Answers are cached per filter
 * set with a content ETag until the next change.
 *
 * Two facts may reach this instance by event before the store shows them (another instance writes
 * them a moment later), so a document read meanwhile must not undo them:
 * - free positions only ever go down (the store keeps them with $min): the lowest count heard wins;
 * - an estate's latest name (auth events of one estate arrive in order) overrides the stored one.
 */
interface EstateTrust {
  verified?: boolean;
  verifiedAt?: string;
  promises?: PromiseFigure;
}
type EstateTrustStamps = { estateVerifiedAt?: string };

/** An item as browses show it under one stamp, and its JSON, written when a page first needs it. */
class Decorated {
  #json: string | undefined;
  constructor(
    readonly stamp: string,
    readonly item: VacancyItem,
  ) {}
  get json(): string {
    return (this.#json ??= JSON.stringify(this.item));
  }
}

/** A page's item: the decorated item and, on a browse from a place, its whole km. */
interface Pick {
  shown: Decorated;
  km?: number;
}
const itemOfPick = ({ shown, km }: Pick): VacancyItem =>
  km === undefined ? shown.item : { ...shown.item, distanceKm: km };
/** As JSON.stringify(itemOfPick(pick)), from the item's JSON written once. */
const jsonOfPick = ({ shown, km }: Pick): string =>
  km === undefined ? shown.json : `${shown.json.slice(0, -1)},"distanceKm":${km}}`;

export function createOpenVacanciesReadModel(
  vacancies: Collection<VacancyDoc>,
  options: ReadModelOptions = {},
) {
  const byId = new Map<string, VacancyItem>();
  let sorted: VacancyItem[] | undefined;
  let version = 0;
  const cache = new Map<string, CachedPage>();

  /**
   * Each item decorated once per stamp, and written as JSON once: items are replaced, never changed,
   * when their vacancy changes, so an item object stands for one version of its vacancy.
   */
  const decorated = new WeakMap<VacancyItem, Decorated>();
  const decoratedOf = (item: VacancyItem, stamp: string): Decorated => {
    const known = decorated.get(item);
    if (known?.stamp === stamp) return known;
    const next = new Decorated(stamp, options.decorate ? options.decorate(item) : item);
    decorated.set(item, next);
    return next;
  };
  const currentStamp = () => options.stamp?.() ?? '';

  const changed = () => {
    sorted = undefined;
    version++;
    cache.clear();
  };

  /**
   * Reads of one vacancy may overlap (a local write's and an event's) and answer out of order; a read
   * started later never sees an older state, so only the latest started one that answered is kept.
   */
  let tickets = 0;
  const reads = new Map<string, { inFlight: number; newest: number }>();

  const lowestFree = new Map<string, number>();
  /** Free counts heard by VacancyPlacesChanged, by version: they may rise (freed places). */
  const heardPlaces = new Map<string, { free: number; version: number }>();
  const estateNames = new Map<string, string>();
  /** Trust facts heard by event: the latest verification change, the promise figure with the most jobs. */
  const heardTrust = new Map<string, EstateTrust>();

  const newerTrust = (item: VacancyItem & EstateTrustStamps, heard: EstateTrust | undefined): VacancyItem => {
    if (!heard) return item;
    let next = item;
    if (heard.verifiedAt !== undefined && (item.estateVerifiedAt ?? '') <= heard.verifiedAt)
      next = { ...next, estateVerified: heard.verified ?? false };
    if (heard.promises && (item.estatePromises?.jobs ?? -1) < heard.promises.jobs)
      next = { ...next, estatePromises: heard.promises };
    return next;
  };
  const stripStamp = ({ estateVerifiedAt: _at, ...item }: VacancyItem & EstateTrustStamps): VacancyItem =>
    item;

  /** The item of an Open document, with the facts heard by event that the document may not show yet. */
  function itemOf(doc: VacancyDoc): VacancyItem {
    // Workers never see a moba's review (reports, decisions): only the estate and admins do.
    const { review: _review, ...item } = toItem(doc);
    const heard = heardPlaces.get(doc._id);
    const versioned = doc.placesVersion !== undefined || heard !== undefined;
    const free = !versioned
      ? Math.min(item.freePositions, lowestFree.get(doc._id) ?? Infinity)
      : heard && heard.version > (doc.placesVersion ?? 0)
        ? heard.free
        : item.freePositions;
    lowestFree.set(doc._id, free);
    const estateName = estateNames.get(doc.estateId) ?? item.estateName;
    const trusted = newerTrust(
      { ...item, estateVerifiedAt: doc.estateVerifiedAt },
      heardTrust.get(doc.estateId),
    );
    return clean({ ...trusted, estateName, freePositions: free, filled: free <= 0 });
  }
  /** Items carry estateVerified only when true (as toItem does). */
  const clean = (item: VacancyItem & EstateTrustStamps): VacancyItem => {
    const { estateVerified, ...rest } = stripStamp(item);
    return estateVerified ? { ...rest, estateVerified: true } : rest;
  };

  function put(doc: VacancyDoc | null, id: string) {
    const wasThere = byId.delete(id);
    if (doc && doc.status === 'Open' && !doc.deletedAt && !hiddenFromBrowse(doc)) byId.set(id, itemOf(doc));
    else {
      lowestFree.delete(id);
      if (!wasThere) return;
    }
    changed();
  }

  /**
   * Columns over the sorted list, rebuilt after a change: a bitset per indexed value ('m:Arilje',
   * 'd:Zlatiborski', 'c:malina', 'food:true' …) and typed arrays for the range filters. A query ANDs
   * a few bitsets (a few hundred words for 10,000 vacancies) and walks only the set bits, so the
   * cost of a browse stays far below the cost of its HTTP round trip.
   */
  let bitsets = new Map<string, Uint32Array>();
  let startDay = new Int32Array(0);
  let endDay = new Int32Array(0);
  let wage = new Int32Array(0);
  let free = new Int32Array(0);
  /** Per position, the index of its municipality's seat in `places` (places.length: no known seat). */
  let placeOf = new Int32Array(0);
  let places: LatLng[] = [];
  /** Per origin seat, the whole km to each place and the places nearest first; made anew with `places`. */
  let distancesFrom = new Map<string, { km: Int32Array; nearestFirst: number[] }>();
  let words = 0;
  const dayKey = (date: string) =>
    Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

  const all = () => {
    if (!sorted) {
      sorted = [...byId.values()].sort(compareForBrowse);
      const n = sorted.length;
      words = (n + 31) >>> 5;
      bitsets = new Map();
      startDay = new Int32Array(n);
      endDay = new Int32Array(n);
      wage = new Int32Array(n);
      free = new Int32Array(n);
      placeOf = new Int32Array(n);
      places = [];
      distancesFrom = new Map();
      const placeIndex = new Map<string, number>();
      const set = (key: string, position: number) => {
        let bits = bitsets.get(key);
        if (!bits) bitsets.set(key, (bits = new Uint32Array(words)));
        bits[position >>> 5] |= 1 << (position & 31);
      };
      sorted.forEach((item, i) => {
        set(`m:${item.municipality}`, i);
        set(`r:${item.region}`, i);
        if (item.district) set(`d:${item.district}`, i);
        set(`p:${item.paymentType}`, i);
        for (const crop of item.crops) set(`c:${crop}`, i);
        for (const activity of item.jobActivities) set(`a:${activity}`, i);
        set(`food:${item.foodProvided}`, i);
        set(`transport:${item.transportProvided}`, i);
        set(`accommodation:${item.accommodationProvided}`, i);
        set(`leaders:${item.groupLeadersAccepted}`, i);
        set(`verified:${item.estateVerified === true}`, i);
        startDay[i] = dayKey(item.startDate);
        endDay[i] = dayKey(item.endDate);
        wage[i] = item.paymentType === 'DailyWage' ? (item.dailyWage ?? 0) : -1;
        free[i] = item.freePositions;
        const key = `${item.region ?? 'RS'}|${item.municipality}`;
        let index = placeIndex.get(key);
        if (index === undefined) {
          const seat = seatOf(item.municipality, item.region);
          index = seat ? places.push(seat) - 1 : -1; // -1: fixed below to the slot after the last place
          placeIndex.set(key, index);
        }
        placeOf[i] = index;
      });
      for (let i = 0; i < n; i++) if (placeOf[i] < 0) placeOf[i] = places.length;
    }
    return sorted;
  };

  /**
   * Whole km from an origin to each place (the last slot: no known seat, after every known one) and
   * the places ordered by it: measured once per origin until the places change, not per browse.
   */
  function distancesOf(origin: LatLng) {
    const key = origin.join(',');
    let found = distancesFrom.get(key);
    if (!found) {
      const km = new Int32Array(places.length + 1);
      places.forEach((seat, p) => (km[p] = Math.round(greatCircleKm(origin, seat))));
      km[places.length] = NO_DISTANCE;
      found = { km, nearestFirst: Array.from(km.keys()).sort((a, b) => km[a] - km[b]) };
      distancesFrom.set(key, found);
    }
    return found;
  }

  /** The positions (as a bitset) that pass the equality filters. */
  function candidates(f: VacancyFilters): Uint32Array {
    const n = all().length;
    const acc = new Uint32Array(words).fill(0xffffffff);
    if (n & 31) acc[words - 1] = (1 << (n & 31)) - 1;
    const and = (key: string) => {
      const bits = bitsets.get(key);
      if (!bits) acc.fill(0);
      else for (let w = 0; w < words; w++) acc[w] &= bits[w];
    };
    if (f.municipality !== undefined) and(`m:${f.municipality}`);
    if (f.municipalities !== undefined) {
      const any = new Uint32Array(words);
      for (const name of f.municipalities) {
        const bits = bitsets.get(`m:${name}`);
        if (bits) for (let w = 0; w < words; w++) any[w] |= bits[w];
      }
      for (let w = 0; w < words; w++) acc[w] &= any[w];
    }
    if (f.region !== undefined) and(`r:${f.region}`);
    if (f.district !== undefined) and(`d:${f.district}`);
    if (f.crop !== undefined) and(`c:${f.crop}`);
    if (f.jobActivity !== undefined) and(`a:${f.jobActivity}`);
    if (f.paymentType !== undefined) and(`p:${f.paymentType}`);
    if (f.foodProvided !== undefined) and(`food:${f.foodProvided}`);
    if (f.transportProvided !== undefined) and(`transport:${f.transportProvided}`);
    if (f.accommodationProvided !== undefined) and(`accommodation:${f.accommodationProvided}`);
    if (f.groupLeadersAccepted !== undefined) and(`leaders:${f.groupLeadersAccepted}`);
    if (f.verifiedOnly) and('verified:true');
    return acc;
  }

  /**
   * One pass over the candidates: counts every match, keeps only the requested page. With `near`,
   * each municipality's distance is measured once; `withinKm` drops the farther ones and, unless
   * the sort is 'featured', the matches are ordered by (km, browse position) in one numeric sort.
   */
  function select(filters: VacancyFilters, stamp: string) {
    const list = all();
    const acc = candidates(filters);
    const from = (filters.page - 1) * filters.pageSize;
    const to = from + filters.pageSize;
    const minStart = filters.dateFrom !== undefined ? dayKey(filters.dateFrom) : undefined;
    const maxStart = filters.dateTo !== undefined ? dayKey(filters.dateTo) : undefined;
    const minWage = filters.minDailyWage;
    const onlyFree = filters.onlyWithFreePositions === true;
    const origin = filters.near ? seatOf(filters.near.municipality, filters.near.region) : undefined;
    const distances = origin ? distancesOf(origin) : undefined;
    const placeKm = distances?.km;
    const maxKm = placeKm ? (filters.withinKm ?? NO_DISTANCE - 1) : NO_DISTANCE;
    const byDistance = placeKm !== undefined && filters.sort !== 'featured';
    const picked: number[] = [];
    const matched = byDistance ? new Int32Array(list.length) : undefined;
    let total = 0;
    for (let w = 0; w < words; w++) {
      let x = acc[w];
      while (x !== 0) {
        const low = x & -x;
        const i = (w << 5) + (31 - Math.clz32(low));
        x ^= low;
        if (minStart !== undefined && endDay[i] < minStart) continue;
        if (maxStart !== undefined && startDay[i] > maxStart) continue;
        if (minWage !== undefined && wage[i] < minWage) continue;
        if (onlyFree && free[i] <= 0) continue;
        if (placeKm && placeKm[placeOf[i]] > maxKm) continue;
        if (matched) matched[total] = i;
        else if (total >= from && total < to) picked.push(i);
        total++;
      }
    }
    if (matched && placeKm) {
      // A counting sort by place (places ordered by km): stable, so within one place the browse
      // order (featured, newest) holds.
      const order = distances!.nearestFirst;
      const start = new Int32Array(order.length);
      const perPlace = new Int32Array(order.length);
      for (let k = 0; k < total; k++) perPlace[placeOf[matched[k]]]++;
      let offset = 0;
      for (const p of order) {
        start[p] = offset;
        offset += perPlace[p];
      }
      const page = new Int32Array(Math.max(0, Math.min(to, total) - from));
      for (let k = 0; k < total; k++) {
        const i = matched[k];
        const rank = start[placeOf[i]]++;
        if (rank >= from && rank < to) page[rank - from] = i;
      }
      picked.push(...page);
    }
    const picks = picked.map((i): Pick => {
      const km = placeKm?.[placeOf[i]];
      const shown = decoratedOf(list[i], stamp);
      return km === undefined || km === NO_DISTANCE ? { shown } : { shown, km };
    });
    const near = origin ? { near: filters.near } : {};
    return { picks, total, page: filters.page, pageSize: filters.pageSize, ...near };
  }

  return {
    /** Loads every Open vacancy; a write applied while the store was read makes it read again (no stale snapshot wins). */
    async load() {
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = version;
        const docs = await vacancies.find({ status: 'Open', deletedAt: { $exists: false } });
        if (version !== before && attempt < 4) continue;
        byId.clear();
        for (const doc of docs) if (!hiddenFromBrowse(doc)) byId.set(doc._id, itemOf(doc));
        changed();
        return;
      }
    },
    /** Re-reads one vacancy (after a write or an event) and keeps it if it is Open. */
    async refresh(id: string) {
      const ticket = ++tickets;
      const read = reads.get(id) ?? { inFlight: 0, newest: 0 };
      read.inFlight++;
      reads.set(id, read);
      try {
        const doc = await vacancies.findOne({ _id: id });
        if (ticket > read.newest) {
          read.newest = ticket;
          put(doc, id);
        }
      } finally {
        if (--read.inFlight === 0) reads.delete(id);
      }
    },
    /** Applies a document just written (saves a store read after findOneAndUpdate). */
    apply(doc: VacancyDoc) {
      const read = reads.get(doc._id);
      if (read) read.newest = ++tickets;
      put(doc, doc._id);
    },
    /** An acceptance elsewhere left this many positions free (never raises the count; repeats are harmless). */
    lowerFreePositions(id: string, freePositions: number) {
      if (heardPlaces.has(id)) return; // the versioned count governs
      const item = byId.get(id);
      const free = Math.max(0, freePositions);
      if (!item || item.freePositions <= free) return;
      lowestFree.set(id, free);
      byId.set(id, { ...item, freePositions: free, filled: free <= 0 });
      changed();
    },
    /**
     * The application service's free count (VacancyPlacesChanged), applied at once when newer than
     * what this instance heard: it may rise (freed places) or fall.
     */
    placesChanged(id: string, freePositions: number, version: number) {
      const before = heardPlaces.get(id);
      if (before && before.version >= version) return;
      const free = Math.max(0, freePositions);
      heardPlaces.set(id, { free, version });
      const item = byId.get(id);
      if (!item || item.freePositions === free) return;
      lowestFree.set(id, free);
      byId.set(id, { ...item, freePositions: free, filled: free <= 0 });
      changed();
    },
    /** An estate's new name, shown on its Open vacancies at once. */
    renameEstate(estateId: string, estateName: string) {
      estateNames.set(estateId, estateName);
      let renamed = false;
      for (const [id, item] of byId) {
        if (item.estateId === estateId && item.estateName !== estateName) {
          byId.set(id, { ...item, estateName });
          renamed = true;
        }
      }
      if (renamed) changed();
    },
    /** An estate's verification or promise figure heard by event, shown on its Open vacancies at once. */
    estateTrust(estateId: string, fact: EstateTrust) {
      const known = heardTrust.get(estateId) ?? {};
      const merged: EstateTrust = { ...known };
      if (fact.verifiedAt !== undefined && (known.verifiedAt ?? '') <= fact.verifiedAt) {
        merged.verified = fact.verified;
        merged.verifiedAt = fact.verifiedAt;
      }
      if (fact.promises && (known.promises?.jobs ?? -1) < fact.promises.jobs) merged.promises = fact.promises;
      heardTrust.set(estateId, merged);
      let touched = false;
      for (const [id, item] of byId) {
        if (item.estateId !== estateId) continue;
        const next = newerTrust(item, merged);
        if (next !== item) {
          byId.set(id, clean(next));
          touched = true;
        }
      }
      if (touched) changed();
    },
    /** The page of matches for these filters (see `select`). */
    query(filters: VacancyFilters, stamp: string = currentStamp()) {
      const { picks, ...rest } = select(filters, stamp);
      return { items: picks.map(itemOfPick), ...rest };
    },
    /** How many Open mobas each crop has now (the harvest calendar). */
    openByCrop(): Record<string, number> {
      all();
      const counts: Record<string, number> = {};
      for (const [key, bits] of bitsets) {
        if (!key.startsWith('c:')) continue;
        let count = 0;
        for (let w = 0; w < words; w++) {
          let x = bits[w];
          while (x !== 0) {
            x &= x - 1;
            count++;
          }
        }
        counts[key.slice(2)] = count;
      }
      return counts;
    },
    /** The JSON answer and its ETag for these filters, cached until the next change. */
    page(filters: VacancyFilters): CachedPage {
      const stamp = currentStamp();
      const key = `${stamp}|${JSON.stringify(filters)}`;
      let hit = cache.get(key);
      if (!hit) {
        // The items' JSON is written once per item version; only the page around them is new.
        const { picks, ...counts } = select(filters, stamp);
        const json = `{"items":[${picks.map(jsonOfPick).join(',')}],${JSON.stringify(counts).slice(1, -1)}}`;
        hit = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
        if (cache.size >= RESPONSE_CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(key, hit);
      }
      return hit;
    },
    size: () => byId.size,
    version: () => version,
  };
}
export type OpenVacanciesReadModel = ReturnType<typeof createOpenVacanciesReadModel>;
