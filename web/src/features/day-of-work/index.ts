// The day of work (issue #31): what other features may use. Each part adds its own lines.
export { ConfirmationPrompt } from './confirm/ConfirmationPrompt';
export { DayBoardLink } from './confirm/DayBoardLink';
