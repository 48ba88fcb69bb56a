import type { Region, VacancyFiltersInput } from '@moba/contracts';

const PAGE_SIZE = 10;

export interface FilterForm {
  municipality: string;
  district: string;
  crop: string;
  jobActivity: string;
  dateFrom: string;
  dateTo: string;
  paymentType: string;
  minDailyWage: string;
  foodProvided: boolean;
  transportProvided: boolean;
  accommodationProvided: boolean;
  groupLeadersAccepted: boolean;
  onlyWithFreePositions: boolean;
  /** The place distances are measured from; empty: the worker's own municipality (the service knows it). */
  near: string;
  nearRegion: Region;
  /** '' (any distance) or one of withinKmChoices. */
  withinKm: string;
  /** '' (nearest first while a place is in effect) or 'featured' (featured first, then newest). */
  sort: '' | 'featured';
  verifiedOnly: boolean;
}

export const emptyForm: FilterForm = {
  municipality: '',
  district: '',
  crop: '',
  jobActivity: '',
  dateFrom: '',
  dateTo: '',
  paymentType: '',
  minDailyWage: '',
  foodProvided: false,
  transportProvided: false,
  accommodationProvided: false,
  groupLeadersAccepted: false,
  onlyWithFreePositions: true,
  near: '',
  nearRegion: 'RS',
  withinKm: '',
  sort: '',
  verifiedOnly: false,
};

/** Where distances are measured from and how the list is ordered: settings of the list, not filters. */
const listSettings: (keyof FilterForm)[] = ['near', 'nearRegion', 'sort'];

export const flags = [
  'foodProvided',
  'transportProvided',
  'accommodationProvided',
  'groupLeadersAccepted',
  'onlyWithFreePositions',
  'verifiedOnly',
] as const;

/** The filters the worker changed from the defaults: what the collapsed panel lists and counts. */
export function changedFilters(form: FilterForm): (keyof FilterForm)[] {
  return (Object.keys(emptyForm) as (keyof FilterForm)[]).filter((key) => {
    if (listSettings.includes(key)) return false;
    const value = form[key];
    return (typeof value === 'string' ? value.trim() : value) !== emptyForm[key];
  });
}

/** The form as the API's filters: empty fields are left out, a ticked box means "must have". */
export function toFilters(form: FilterForm, page: number): VacancyFiltersInput {
  const filters: VacancyFiltersInput = { page, pageSize: PAGE_SIZE };
  if (form.municipality.trim()) filters.municipality = form.municipality.trim();
  if (form.district) filters.district = form.district;
  if (form.crop) filters.crop = form.crop;
  if (form.jobActivity) filters.jobActivity = form.jobActivity;
  if (form.dateFrom) filters.dateFrom = form.dateFrom;
  if (form.dateTo) filters.dateTo = form.dateTo;
  if (form.paymentType) filters.paymentType = form.paymentType as VacancyFiltersInput['paymentType'];
  const wage = Number(form.minDailyWage);
  if (form.minDailyWage && Number.isInteger(wage) && wage >= 0) filters.minDailyWage = wage;
  for (const flag of flags) if (form[flag]) filters[flag] = true;
  const near = form.near.trim();
  if (near) filters.near = { municipality: near, region: form.nearRegion };
  if (form.withinKm) filters.withinKm = Number(form.withinKm) as VacancyFiltersInput['withinKm'];
  if (form.sort === 'featured') filters.sort = 'featured';
  return filters;
}

const NEAR_KEY = 'browseNear';

/** The place the worker last measured distances from (kept in this browser), if any. */
export function rememberedNear(): Pick<FilterForm, 'near' | 'nearRegion' | 'sort'> | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(NEAR_KEY);
    return raw ? (JSON.parse(raw) as Pick<FilterForm, 'near' | 'nearRegion' | 'sort'>) : null;
  } catch {
    return null;
  }
}
export function rememberNear(form: FilterForm): void {
  if (typeof localStorage === 'undefined') return;
  const { near, nearRegion, sort } = form;
  if (near.trim()) localStorage.setItem(NEAR_KEY, JSON.stringify({ near: near.trim(), nearRegion, sort }));
  else localStorage.removeItem(NEAR_KEY);
}

export const filterKeys = Object.keys(emptyForm) as (keyof FilterForm)[];

/** The filters an address names; anything else in it is left out (the server checks the values). */
function filtersFromSearch(search: string): Partial<FilterForm> {
  const params = new URLSearchParams(search);
  const form: Partial<Record<keyof FilterForm, string | boolean>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value === null || value.length > 80) continue;
    if (typeof emptyForm[key] !== 'boolean') form[key] = value;
    else if (value === '1' || value === '0') form[key] = value === '1';
  }
  return form as Partial<FilterForm>;
}

/**
 * The form a browse opens with: the remembered place (nearest first), then the filters in the
 * address (a reload or Back keeps them; the harvest calendar links to /worker/mobas?crop=malina).
 * The early fetch asks for the same.
 */
export function initialForm(
  search: string = typeof location === 'undefined' ? '' : location.search,
): FilterForm {
  return { ...emptyForm, ...rememberedNear(), ...filtersFromSearch(search) };
}
