import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { crops } from '@moba/contracts';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { useWorkNames } from '../../../lib/reference';

/** The crops a profile names, as chips bound to one field of a react-hook-form form. */
export function CropChips<Form extends FieldValues>({
  control,
  name,
  label,
  hint,
  error,
}: {
  control: Control<Form>;
  name: Path<Form>;
  label: string;
  hint: string;
  error?: string;
}) {
  const { cropName } = useWorkNames();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ChoiceChips
          ref={field.ref}
          label={label}
          hint={hint}
          error={error}
          options={crops.map((crop) => ({ value: crop.id, label: cropName(crop.id) }))}
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
