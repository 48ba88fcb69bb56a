import type { ParticipantDoc } from './store';

/* What rating and the lists of whom to rate read of the participants of a moba. */

/** A participant's id: one per moba and worker. */
export const participantId = (vacancyId: string, workerId: string) => `${vacancyId}:${workerId}`;

/** The attendance a rating of this participant names (how many of the crew came), when it was marked. */
export const attendanceOf = (participant: ParticipantDoc | null) =>
  participant?.attendance ? { attendance: participant.attendance } : {};
