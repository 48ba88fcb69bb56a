/* The day of work (issue #31): what other features may use of it. */

// Meeting details (point 2)
export { MeetingDetails } from './meeting/MeetingDetails';
export { MeetingSection } from './meeting/MeetingSection';
export { DayOfWorkLink } from './meeting/DayOfWorkLink';
export { createPartOf, emptyMeetingDraft, type MeetingDraft } from './meeting/meeting-draft';
