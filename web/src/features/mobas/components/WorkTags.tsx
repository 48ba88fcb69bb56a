import type { VacancyItem } from '@moba/contracts';
import { useWorkNames } from '../../../lib/names';

/** The crops and job activities of a moba, as tags. */
export function WorkTags({ vacancy }: { vacancy: Pick<VacancyItem, 'crops' | 'jobActivities'> }) {
  const { cropName, activityName } = useWorkNames();
  const names = [...vacancy.crops.map(cropName), ...vacancy.jobActivities.map(activityName)];
  if (names.length === 0) return null;
  return (
    <ul className="tags">
      {names.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
