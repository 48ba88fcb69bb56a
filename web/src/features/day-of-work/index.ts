// The day of work (issue #31): each part exports what other features place on their screens.
export { CancelPlace } from './standby/CancelPlace';
export { TakePlace } from './standby/TakePlace';
export { MyPlaceActions } from './standby/MyPlaceActions';
export { RemoveFromMoba } from './standby/RemoveFromMoba';
export { MyReliability, ReliabilityFigures } from './standby/ReliabilityFigures';
export { ApplicantStandby } from './standby/ApplicantStandby';
// The day of work (issue #31): what other features may use. Each part adds its own lines.
export { ConfirmationPrompt } from './confirm/ConfirmationPrompt';
/* The day of work (issue #31): what other features may use of it. */

// Meeting details (point 2)
export { MeetingDetails } from './meeting/MeetingDetails';
export { MeetingSection } from './meeting/MeetingSection';
export { createPartOf, emptyMeetingDraft, type MeetingDraft } from './meeting/meeting-draft';
/** The day of work (issue #31): each area's screens and pieces other features use. */
export { genderContext } from './attendance/labels';
// Estate broadcasts (issue #31 point 5): the composer, the sent list with each recipient's state, the worker's text.
export { BroadcastComposer, type ComposerMoba } from './broadcast/BroadcastComposer';
export { BroadcastList } from './broadcast/BroadcastList';
export { broadcastText, type BroadcastWords } from './broadcast/broadcast-text';
export { useSendBroadcastMutation, useBroadcastReportQuery } from './broadcast/api';
export { signedInSections, type SignedInSectionProps } from './page/signed-in-sections';
export { returnToPath } from './page/return-to';
