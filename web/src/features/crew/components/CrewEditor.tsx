import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../../components/SaveFooter';
import {
  crewRequestSchema,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  type Crew,
  type CrewRequest,
} from '@moba/contracts';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useMyCrewQuery, useSaveCrewMutation } from '../api';
import { useIssueText } from '../../../components/Field';
import { codedResolver } from '../../../lib/validation';

/** A member as the form holds it: the body's shape, so the shared schema checks the form as it is. */
interface Member {
  id?: string;
  name: string;
  phone?: string;
  birthYear?: number;
}

const blank = (): Member => ({ name: '', phone: undefined, birthYear: undefined });
const membersOf = (crew: Crew): Member[] =>
  crew.members.length
    ? crew.members.map((m) => ({
        id: m.id,
        name: m.name,
        phone: m.phone ?? undefined,
        birthYear: m.birthYear ?? undefined,
      }))
    : Array.from({ length: GROUP_SIZE_MIN }, blank);

const optionalText = (v: unknown) => (v == null ? undefined : String(v).trim() || undefined);
const optionalNumber = (v: unknown) => {
  const text = optionalText(v);
  return text === undefined ? undefined : Number(text);
};

/** A group leader's crew on their profile: named members (5 to 200), an optional phone and year of birth (16+). */
export function CrewEditor() {
  const { t } = useTranslation('crew');
  const { data, isLoading, error, refetch } = useMyCrewQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="card stack" aria-labelledby="crew-title" data-testid="crew-editor">
      <h2 id="crew-title">{t('editor.title')}</h2>
      <p className="muted">{t('editor.intro')}</p>
      <p className="muted small">{t('editor.linkHint')}</p>
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
  const issueText = useIssueText('crew');
  const errorText = useFeatureErrorText('crew');
  const [save, { isLoading, error, isSuccess, reset }] = useSaveCrewMutation();
  useEffect(() => reset, [reset]);
  const form = useForm<CrewRequest>({
    resolver: codedResolver(crewRequestSchema),
    defaultValues: { members: membersOf(crew) },
  });
  // keyName: the members' own `id` (kept for existing members) must stay in the values.
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'members',
    keyName: 'key',
  });
  const errors = form.formState.errors.members;
  const names = form.watch('members');
  const listError = issueText(errors?.root?.message ?? errors?.message, 'members');
  const linkOf = new Map(crew.members.map((member) => [member.id, member.link]));
  // A changed crew is a new draft: the last "saved" notice no longer holds.
  const changed = { onChange: () => reset() };

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await save(body);
    if ('data' in result && result.data) form.reset({ members: membersOf(result.data) });
  });

  return (
    <form className="form stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('editor.title')}>
      <p>
        <strong data-testid="crew-count">{t('editor.count', { count: fields.length })}</strong> ·{' '}
        <span className="muted">{t('editor.rule', { min: GROUP_SIZE_MIN, count: GROUP_SIZE_MAX })}</span>
      </p>
      <ol className="plain crew-members">
        {fields.map((row, index) => {
          const shownName = names[index]?.name.trim() || t('editor.member', { number: index + 1 });
          const problems = errors?.[index];
          const link = names[index]?.id ? linkOf.get(names[index].id) : null;
          return (
            <li key={row.key} className="crew-member" data-testid="crew-member">
              <fieldset>
                <legend>{shownName}</legend>
                {link && (
                  <p className="muted small" data-testid="crew-link">
                    {t(`editor.links.${link}`)}
                  </p>
                )}
                <Labelled label={t('editor.name')} error={issueText(problems?.name?.message, 'name')}>
                  {(c) => (
                    <input
                      {...c}
                      autoComplete="off"
                      data-testid="crew-name"
                      {...form.register(`members.${index}.name`, changed)}
                    />
                  )}
                </Labelled>
                <Labelled
                  label={<OptionalLabel>{t('editor.phone')}</OptionalLabel>}
                  error={issueText(problems?.phone?.message, 'phone')}
                >
                  {(c) => (
                    <input
                      {...c}
                      type="tel"
                      inputMode="tel"
                      autoComplete="off"
                      {...form.register(`members.${index}.phone`, { ...changed, setValueAs: optionalText })}
                    />
                  )}
                </Labelled>
                <Labelled
                  label={<OptionalLabel>{t('editor.birthYear')}</OptionalLabel>}
                  error={issueText(problems?.birthYear?.message, 'birthYear')}
                >
                  {(c) => (
                    <input
                      {...c}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={4}
                      {...form.register(`members.${index}.birthYear`, {
                        ...changed,
                        setValueAs: optionalNumber,
                      })}
                    />
                  )}
                </Labelled>
                <button type="button" className="danger-soft" onClick={() => remove(index)}>
                  {t('editor.remove', { name: shownName })}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p className="error" role="alert">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="block"
        disabled={fields.length >= GROUP_SIZE_MAX}
        onClick={() => append(blank())}
        data-testid="crew-add"
      >
        {t('editor.add')}
      </button>
      <SaveFooter
        error={errorText(error, 'crew:editor.error')}
        saved={isSuccess && t('editor.saved')}
        savedTestId="crew-saved"
        busy={isLoading}
        label={t('editor.save')}
        testId="crew-save"
      />
    </form>
  );
}
