import type { ComponentProps } from 'react';

/** An input of a whole number: phones show their digit keypad. */
export function NumberInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode'>) {
  return <input type="number" inputMode="numeric" {...props} />;
}
