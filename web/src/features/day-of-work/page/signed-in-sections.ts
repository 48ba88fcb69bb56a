import type { ComponentType } from 'react';
import type { MobaPage, Role } from '@moba/contracts';

export interface SignedInSectionProps {
  vacancy: MobaPage;
  role: Role;
}

/** What a signed-in reader sees below a moba's facts, each part a component of its own feature. */
export const signedInSections: ComponentType<SignedInSectionProps>[] = [];
