import type { VacancyFiltersInput } from '@moba/contracts';

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
};

export const flags = [
  'foodProvided',
  'transportProvided',
  'accommodationProvided',
  'groupLeadersAccepted',
  'onlyWithFreePositions',
] as const;

/** The filters the worker changed from the defaults: what the collapsed panel lists and counts. */
export function changedFilters(form: FilterForm): (keyof FilterForm)[] {
  return (Object.keys(emptyForm) as (keyof FilterForm)[]).filter((key) => {
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
  return filters;
}
