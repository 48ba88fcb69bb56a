import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VacancyItem } from '@moba/contracts';
import { CrewPicker, crewPickProblem, useMyCrewQuery } from '../../crew';
import { Labelled } from '../../../components/Labelled';
import { NumberInput } from '../../../components/NumberInput';

/** What a group leader's application adds: who of the saved crew comes, or how many people. */
export interface LeaderPick {
  body: { memberIds?: string[]; peopleCount?: number };
  invalid: boolean;
}

export interface LeaderFieldsProps {
  vacancy: VacancyItem;
  /** How many people the leader's profile says they can bring. */
  groupSize: number;
  onChange: (pick: LeaderPick) => void;
}

/**
 * The apply dialog's part for a group leader, fetched only when the worker is one: a leader with a
 * saved crew picks who comes by name (the head count follows), otherwise says how many come.
 */
export default function LeaderFields({ vacancy, groupSize, onChange }: LeaderFieldsProps) {
  const { t } = useTranslation('mobas');
  const { data: crew } = useMyCrewQuery();
  const members = crew?.members ?? [];
  const [people, setPeople] = useState('0');
  const [picked, setPicked] = useState<string[]>([]);
  const byName = members.length > 0;
  const maxPeople = Math.max(0, Math.min(groupSize, vacancy.freePositions - 1));
  const peopleCount = Number(people);
  const invalid = byName
    ? crewPickProblem(picked.length, vacancy.freePositions, groupSize) !== null
    : !Number.isInteger(peopleCount) || peopleCount < 0 || peopleCount > maxPeople;

  useEffect(() => {
    const body = byName ? (picked.length ? { memberIds: picked } : {}) : { peopleCount };
    onChange({ body, invalid });
  }, [byName, picked, peopleCount, invalid, onChange]);

  if (byName)
    return (
      <CrewPicker
        members={members}
        picked={picked}
        onChange={setPicked}
        freePositions={vacancy.freePositions}
        groupSize={groupSize}
      />
    );
  return (
    <Labelled
      label={t('apply.people')}
      hint={t('apply.peopleHint', { max: maxPeople })}
      error={invalid ? t('apply.peopleInvalid', { max: maxPeople }) : null}
    >
      {(control) => (
        <NumberInput
          {...control}
          min={0}
          max={maxPeople}
          value={people}
          onChange={(e) => setPeople(e.target.value)}
        />
      )}
    </Labelled>
  );
}
