import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { MobaPage, Role } from '@moba/contracts';

export interface SignedInSectionProps {
  vacancy: MobaPage;
  role: Role;
}

// Loaded only for a signed-in reader: a visitor's first visit from a shared link does not carry it.
const MeetingDetails = lazy(() =>
  import('../meeting/MeetingDetails').then((module) => ({ default: module.MeetingDetails })),
);

/** The meeting details, shown only to the moba's own people (the endpoint answers 403 to anyone else). */
const MeetingSection = ({ vacancy }: SignedInSectionProps) =>
  createElement(Suspense, { fallback: null }, createElement(MeetingDetails, { vacancyId: vacancy.id }));

/** What a signed-in reader sees below a moba's facts, each part a component of its own feature. */
export const signedInSections: ComponentType<SignedInSectionProps>[] = [MeetingSection];
