import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  crewRequestSchema,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  latestBirthYear,
  MIN_AGE_YEARS,
  type Crew,
  type CrewRequest,
} from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import { QueryState } from '../../mobas/components/States';
import { useFeatureErrorText } from '../../mobas/error-text';
import { useMyCrewQuery, useSaveCrewMutation } from '../api';

interface Row {
  key: string;
  id?: string;
  name: string;
  phone: string;
  birthYear: string;
}

const blank = (): Row => ({ key: crypto.randomUUID(), name: '', phone: '', birthYear: '' });
const rowsOf = (crew: Crew): Row[] =>
  crew.members.length
    ? crew.members.map((m) => ({
        key: m.id,
        id: m.id,
        name: m.name,
        phone: m.phone ?? '',
        birthYear: m.birthYear ? String(m.birthYear) : '',
      }))
    : Array.from({ length: GROUP_SIZE_MIN }, blank);

/** What the rows send: the same body the server parses with the same schema. */
const bodyOf = (rows: Row[]): CrewRequest => ({
  members: rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name,
    ...(r.phone.trim() ? { phone: r.phone.trim() } : {}),
    ...(r.birthYear.trim() ? { birthYear: Number(r.birthYear.trim()) } : {}),
  })),
});

/** A group leader's crew on their profile: named members (5 to 200), an optional phone and year of birth (16+). */
export function CrewEditor() {
  const { t } = useTranslation('crew');
  const { data, isLoading, error, refetch } = useMyCrewQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="card stack" aria-labelledby="crew-title" data-testid="crew-editor">
      <h2 id="crew-title">{t('editor.title')}</h2>
      <p className="muted">{t('editor.intro')}</p>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="crew:editor.loadError"
        isEmpty={false}
        empty={null}
      >
        {data && <CrewForm crew={data} />}
      </QueryState>
    </section>
  );
}

function CrewForm({ crew }: { crew: Crew }) {
  const { t } = useTranslation(['crew', 'common']);
  const errorText = useFeatureErrorText('crew');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(crew));
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error, isSuccess, reset }] = useSaveCrewMutation();
  useEffect(() => reset, [reset]);

  const parsed = crewRequestSchema.safeParse(bodyOf(rows));
  const problems = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path as [string, number?, string?];
      const key = index === undefined ? 'members' : `${index}.${field}`;
      if (problems.has(key)) continue;
      if (index === undefined)
        problems.set(
          key,
          rows.length < GROUP_SIZE_MIN
            ? t('editor.tooFew', { min: GROUP_SIZE_MIN })
            : t('editor.tooMany', { max: GROUP_SIZE_MAX }),
        );
      else if (field === 'name') problems.set(key, t('editor.nameRequired'));
      else if (field === 'phone') problems.set(key, t('editor.phoneInvalid'));
      else if (field === 'birthYear')
        problems.set(
          key,
          Number(rows[index].birthYear) > latestBirthYear()
            ? t('editor.tooYoung', { min: MIN_AGE_YEARS, year: latestBirthYear() })
            : t('editor.yearInvalid'),
        );
    }
  }
  const shownProblem = (key: string) => (tried ? (problems.get(key) ?? null) : null);
  const change = (key: string, field: 'name' | 'phone' | 'birthYear', value: string) => {
    reset();
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    const result = await save(bodyOf(rows));
    if ('data' in result && result.data) {
      setRows(rowsOf(result.data));
      setTried(false);
    }
  };

  return (
    <form className="form stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('editor.title')}>
      <p>
        <strong data-testid="crew-count">{t('editor.count', { count: rows.length })}</strong> ·{' '}
        <span className="muted">{t('editor.rule', { min: GROUP_SIZE_MIN, max: GROUP_SIZE_MAX })}</span>
      </p>
      <ol className="plain crew-members">
        {rows.map((row, index) => (
          <li key={row.key} className="crew-member" data-testid="crew-member">
            <fieldset>
              <legend>{row.name.trim() || t('editor.member', { number: index + 1 })}</legend>
              <Labelled label={t('editor.name')} error={shownProblem(`${index}.name`)}>
                {(c) => (
                  <input
                    {...c}
                    autoComplete="off"
                    value={row.name}
                    onChange={(e) => change(row.key, 'name', e.target.value)}
                    data-testid="crew-name"
                  />
                )}
              </Labelled>
              <Labelled
                label={
                  <>
                    {t('editor.phone')} <span className="muted">{t('common:optional')}</span>
                  </>
                }
                error={shownProblem(`${index}.phone`)}
              >
                {(c) => (
                  <input
                    {...c}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    value={row.phone}
                    onChange={(e) => change(row.key, 'phone', e.target.value)}
                  />
                )}
              </Labelled>
              <Labelled
                label={
                  <>
                    {t('editor.birthYear')} <span className="muted">{t('common:optional')}</span>
                  </>
                }
                error={shownProblem(`${index}.birthYear`)}
              >
                {(c) => (
                  <input
                    {...c}
                    inputMode="numeric"
                    autoComplete="off"
                    value={row.birthYear}
                    onChange={(e) => change(row.key, 'birthYear', e.target.value.replace(/\D/g, ''))}
                    maxLength={4}
                  />
                )}
              </Labelled>
              <button
                type="button"
                className="danger-soft"
                onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
              >
                {t('editor.remove', { name: row.name.trim() || t('editor.member', { number: index + 1 }) })}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {tried && problems.get('members') && (
        <p className="error" role="alert">
          {problems.get('members')}
        </p>
      )}
      <button
        type="button"
        className="block"
        disabled={rows.length >= GROUP_SIZE_MAX}
        onClick={() => setRows((list) => [...list, blank()])}
        data-testid="crew-add"
      >
        {t('editor.add')}
      </button>
      {error && (
        <p className="alert error" role="alert">
          {errorText(error, 'crew:editor.error')}
        </p>
      )}
      {isSuccess && (
        <p className="alert success" role="status" data-testid="crew-saved">
          {t('editor.saved')}
        </p>
      )}
      <button type="submit" className="primary block" disabled={isLoading} data-testid="crew-save">
        {t('editor.save')}
      </button>
    </form>
  );
}
