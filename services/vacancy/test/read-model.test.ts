import { randomUUID } from 'node:crypto';
import { vacancyFiltersSchema, type VacancyFiltersInput } from '@moba/contracts';
import { createNedbStore, type Collection } from '@moba/platform';
import { openVacancyStore } from '../src/store';
import { createOpenVacanciesReadModel } from '../src/browse-vacancies/open-vacancies-read-model';
import { compareForBrowse, matchesFilters, pageOfItems } from '../src/domain/filters';
import { toItem, type VacancyDoc } from '../src/domain/vacancy';

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
let seed = 7;
const rnd = (max: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % max;
};
const municipalities = ['Arilje', 'Niš', 'Subotica', 'Surčin', 'Čačak'];
const districts = ['Zlatiborski', 'Nišavski', 'Severnobački', 'Grad Beograd', 'Moravički'];
const day = (n: number) =>
  `2026-${String(7 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

function randomDoc(i: number): VacancyDoc {
  const m = rnd(municipalities.length);
  const start = rnd(60);
  const paymentType = pick(['DailyWage', 'Norm', 'ByAgreement'] as const, rnd(3));
  return {
    _id: randomUUID(),
    estateId: randomUUID(),
    estateName: 'E',
    title: `T${i}`,
    description: 'D',
    municipality: municipalities[m],
    region: pick(['RS', 'RS', 'RS', 'MK'] as const, rnd(4)),
    district: districts[m],
    crops: [pick(['malina', 'jabuka', 'sljiva'], rnd(3))],
    jobActivities: rnd(2) ? ['berba-branje'] : ['berba-branje', 'rezidba-orezivanje'],
    startDate: day(start),
    endDate: day(start + rnd(30)),
    workStartTime: '07:00',
    workEndTime: '16:00',
    hoursPerDay: 9,
    paymentType,
    ...(paymentType === 'DailyWage' ? { dailyWage: 2000 + 100 * rnd(20) } : {}),
    foodProvided: rnd(2) === 0,
    transportProvided: rnd(2) === 0,
    accommodationProvided: rnd(2) === 0,
    groupLeadersAccepted: rnd(2) === 0,
    sponsored: false,
    featuring: 'none',
    featured: rnd(10) === 0,
    urgent: false,
    status: rnd(6) === 0 ? 'Closed' : 'Open',
    totalPositions: 5,
    freePositions: rnd(4),
    createdAt: new Date(Date.UTC(2026, 5, 1) + rnd(1e9)).toISOString(),
    appliedEvents: [],
    paymentOutcomes: [],
  };
}

function randomFilters(): VacancyFiltersInput {
  const f: Record<string, unknown> = { page: 1 + rnd(3), pageSize: 1 + rnd(30) };
  if (rnd(3) === 0) f.municipality = pick([...municipalities, 'Nowhere'], rnd(6));
  if (rnd(6) === 0) f.municipalities = [pick(municipalities, rnd(5)), pick(municipalities, rnd(5))];
  if (rnd(4) === 0) f.district = pick(districts, rnd(5));
  if (rnd(4) === 0) f.region = pick(['RS', 'MK', 'BA'], rnd(3));
  if (rnd(3) === 0) f.crop = pick(['malina', 'jabuka', 'kruska'], rnd(3));
  if (rnd(4) === 0) f.jobActivity = pick(['berba-branje', 'rezidba-orezivanje'], rnd(2));
  if (rnd(3) === 0) f.dateFrom = day(rnd(80));
  if (rnd(3) === 0) f.dateTo = day(80 + rnd(40));
  if (rnd(4) === 0) f.paymentType = pick(['DailyWage', 'Norm', 'ByAgreement'], rnd(3));
  if (rnd(4) === 0) f.minDailyWage = 2000 + 100 * rnd(25);
  for (const flag of ['foodProvided', 'transportProvided', 'accommodationProvided', 'groupLeadersAccepted'])
    if (rnd(4) === 0) f[flag] = rnd(2) === 0;
  if (rnd(3) === 0) f.onlyWithFreePositions = true;
  return f as VacancyFiltersInput;
}

describe('the in-memory read model of open vacancies', () => {
  it('answers every filter combination exactly as the plain filter over the Open vacancies would', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    const docs = Array.from({ length: 700 }, (_, i) => randomDoc(i));
    for (const doc of docs) await vacancies.insertOne(doc);
    const model = createOpenVacanciesReadModel(vacancies);
    await model.load();
    const open = docs
      .filter((d) => d.status === 'Open')
      .map(toItem)
      .sort(compareForBrowse);
    for (let run = 0; run < 400; run++) {
      const filters = vacancyFiltersSchema.parse(randomFilters());
      const expected = pageOfItems(
        open.filter((item) => matchesFilters(item, filters)),
        filters,
      );
      expect(model.query(filters)).toEqual(expected);
    }
  });

  it('writes the same JSON for a page from the items written once as JSON.stringify writes the whole answer', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    for (let i = 0; i < 300; i++) await vacancies.insertOne(randomDoc(i));
    const model = createOpenVacanciesReadModel(vacancies, {
      decorate: (item) => ({ ...item, fairPay: { legalMinimum: 3000, meetsLegalMinimum: true } }),
    });
    await model.load();
    for (let run = 0; run < 200; run++) {
      const near = run % 2 ? { near: { municipality: pick(municipalities, rnd(5)) } } : {};
      const filters = vacancyFiltersSchema.parse({ ...randomFilters(), ...near });
      expect(model.page(filters).json).toBe(JSON.stringify(model.query(filters)));
    }
  });

  it('follows writes: a vacancy that closes or is deleted leaves, a new Open one enters', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    const model = createOpenVacanciesReadModel(vacancies);
    await model.load();
    const doc = { ...randomDoc(1), status: 'Open' as const };
    await vacancies.insertOne(doc);
    await model.refresh(doc._id);
    expect(model.query(vacancyFiltersSchema.parse({})).total).toBe(1);
    await vacancies.updateOne({ _id: doc._id }, { $set: { status: 'Closed' } });
    await model.refresh(doc._id);
    expect(model.query(vacancyFiltersSchema.parse({})).total).toBe(0);
  });

  it('keeps a lower free count or a new estate name heard by event when a document read earlier arrives after it', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    const model = createOpenVacanciesReadModel(vacancies);
    const doc = { ...randomDoc(2), status: 'Open' as const, freePositions: 4, estateName: 'Staro' };
    await vacancies.insertOne(doc);
    await model.load();
    const item = () => model.query(vacancyFiltersSchema.parse({})).items[0];

    model.lowerFreePositions(doc._id, 1);
    model.lowerFreePositions(doc._id, 3); // an older count, or a repeat: never raises it
    model.renameEstate(doc.estateId, 'Novo');
    await model.refresh(doc._id); // the store has not caught up yet
    expect(item()).toMatchObject({ freePositions: 1, filled: false, estateName: 'Novo' });

    model.lowerFreePositions(doc._id, 0);
    expect(item()).toMatchObject({ freePositions: 0, filled: true });
    const onlyFree = model.query(vacancyFiltersSchema.parse({ onlyWithFreePositions: true }));
    expect(onlyFree.total).toBe(0);
  });

  it('decorates each item once per stamp and vacancy version, not once per browse', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    const docs = Array.from({ length: 5 }, (_, i) => ({ ...randomDoc(i), status: 'Open' as const }));
    for (const doc of docs) await vacancies.insertOne(doc);
    let stamp = 'a';
    const decorated: string[] = [];
    const model = createOpenVacanciesReadModel(vacancies, {
      decorate: (item) => {
        decorated.push(item.id);
        return { ...item, title: `${item.title} (${stamp})` };
      },
      stamp: () => stamp,
    });
    await model.load();
    const browse = (filters: VacancyFiltersInput = {}) => model.query(vacancyFiltersSchema.parse(filters));

    expect(browse().items.map((item) => item.title)).toEqual(
      docs
        .map(toItem)
        .sort(compareForBrowse)
        .map((item) => `${item.title} (a)`),
    );
    browse({ pageSize: 2 });
    browse({ near: { municipality: 'Arilje' } });
    expect(decorated.sort()).toEqual(docs.map((d) => d._id).sort());

    decorated.length = 0;
    await vacancies.updateOne({ _id: docs[0]._id }, { $set: { title: 'Nova' } });
    await model.refresh(docs[0]._id);
    expect(browse().items.find((item) => item.id === docs[0]._id)?.title).toBe('Nova (a)');
    expect(decorated).toEqual([docs[0]._id]);

    decorated.length = 0;
    stamp = 'b';
    expect(browse().items.every((item) => item.title.endsWith('(b)'))).toBe(true);
    expect(decorated).toHaveLength(docs.length);
  });

  it('measures distances from a place again once a moba in a new place enters', async () => {
    const { vacancies } = await openVacancyStore(createNedbStore());
    const model = createOpenVacanciesReadModel(vacancies);
    const arilje = {
      ...randomDoc(4),
      status: 'Open' as const,
      municipality: 'Arilje',
      region: 'RS' as const,
    };
    await vacancies.insertOne(arilje);
    await model.load();
    const nearest = () =>
      model
        .query(vacancyFiltersSchema.parse({ near: { municipality: 'Arilje' } }))
        .items.map((item) => [item.municipality, item.distanceKm]);
    expect(nearest()).toEqual([['Arilje', 0]]);

    const subotica = {
      ...randomDoc(5),
      status: 'Open' as const,
      municipality: 'Subotica',
      region: 'RS' as const,
    };
    await vacancies.insertOne(subotica);
    await model.refresh(subotica._id);
    const [first, second] = nearest();
    expect(first).toEqual(['Arilje', 0]);
    expect(second[0]).toBe('Subotica');
    expect(second[1]).toBeGreaterThan(200);
  });

  it('keeps the newest of overlapping reads of one vacancy when an older read answers last', async () => {
    const open = { ...randomDoc(3), status: 'Open' as const };
    const answers: ((doc: VacancyDoc | null) => void)[] = [];
    const slowStore = {
      find: async () => [],
      findOne: () => new Promise<VacancyDoc | null>((resolve) => answers.push(resolve)),
    } as unknown as Collection<VacancyDoc>;
    const model = createOpenVacanciesReadModel(slowStore);
    await model.load();
    const total = () => model.query(vacancyFiltersSchema.parse({})).total;

    const older = model.refresh(open._id); // started before the vacancy closed
    const newer = model.refresh(open._id); // started after
    answers[1]({ ...open, status: 'Closed' });
    await newer;
    answers[0](open);
    await older;
    expect(total()).toBe(0);

    const stale = model.refresh(open._id); // started before this instance featured it
    model.apply({ ...open, featured: true });
    answers[2]({ ...open, featured: false });
    await stale;
    expect(model.query(vacancyFiltersSchema.parse({})).items).toMatchObject([{ featured: true }]);
  });
});
