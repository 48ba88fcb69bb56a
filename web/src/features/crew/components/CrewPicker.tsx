import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CrewMember } from '@moba/contracts';
import { paths } from '../../../app/paths';
import { useReaderScript } from '../../../lib/reader-script';
import { MemberChecklist } from './MemberChecklist';

/** The members of a leader's crew who come; the head count (and the places it takes) follows. */
export function CrewPicker({
  members,
  picked,
  onChange,
  freePositions,
  groupSize,
}: {
  members: CrewMember[];
  picked: string[];
  onChange: (ids: string[]) => void;
  freePositions: number;
  /** How many people the leader's profile says they can bring. */
  groupSize: number;
}) {
  const { t } = useTranslation('crew');
  const shown = useReaderScript();
  const max = Math.max(0, Math.min(groupSize, freePositions - 1));
  const problem = crewPickProblem(picked.length, freePositions, groupSize);
  return (
    <fieldset className="crew-picker" data-testid="crew-picker" aria-describedby="crew-pick-hint">
      <legend>{t('picker.legend')}</legend>
      <p id="crew-pick-hint" className="hint" aria-live="polite" data-testid="crew-pick-hint">
        {picked.length === 0
          ? t('picker.alone')
          : t('picker.hint', {
              count: picked.length,
              places: t('picker.places', { count: picked.length + 1 }),
            })}
      </p>
      <MemberChecklist
        members={members.map((m) => ({ id: m.id, name: shown(m.name) }))}
        ticked={picked}
        onChange={onChange}
      />
      {problem === 'tooMany' && (
        <p className="error" role="alert">
          {t('picker.tooMany', { free: freePositions, count: max })}
        </p>
      )}
      {problem === 'overGroupSize' && (
        <p className="error" role="alert">
          {t('picker.overGroupSize', { count: groupSize })}
        </p>
      )}
      <p>
        <Link to={paths.worker.profile}>{t('picker.editCrew')}</Link>
      </p>
    </fieldset>
  );
}

/** Too many heads for the free places (the leader takes one), or more than the profile says the leader brings. */
export const crewPickProblem = (
  pickedCount: number,
  freePositions: number,
  groupSize: number,
): 'tooMany' | 'overGroupSize' | null =>
  pickedCount > groupSize ? 'overGroupSize' : pickedCount + 1 > freePositions ? 'tooMany' : null;
