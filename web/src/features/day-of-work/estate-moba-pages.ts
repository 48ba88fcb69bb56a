/**
 * An estate's pages of one moba (roster, day board, meeting, messages) as one code chunk: the route
 * table reaches them through one import, so the entry's map of chunks to preload, which every first
 * visit downloads, names one chunk for them instead of four.
 */
export { default as RosterPage } from './attendance/RosterPage';
export { default as DayBoardPage } from './confirm/DayBoardPage';
export { default as EditDayOfWorkPage } from './meeting/EditDayOfWorkPage';
export { default as MessagesPage } from './broadcast/MessagesPage';
