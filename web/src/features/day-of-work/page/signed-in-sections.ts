import { createElement, type ComponentType } from 'react';
import type { MobaPage, Role } from '@moba/contracts';
import { MeetingDetails } from '../meeting/MeetingDetails';

export interface SignedInSectionProps {
  vacancy: MobaPage;
  role: Role;
}

/** The meeting details, shown only to the moba's own people (the endpoint answers 403 to anyone else). */
const MeetingSection = ({ vacancy }: SignedInSectionProps) =>
  createElement(MeetingDetails, { vacancyId: vacancy.id });

/** What a signed-in reader sees below a moba's facts, each part a component of its own feature. */
export const signedInSections: ComponentType<SignedInSectionProps>[] = [MeetingSection];
