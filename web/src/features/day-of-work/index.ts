/** The day of work (issue #31): each area's screens and pieces other features use. */
export { genderContext } from './attendance/labels';
