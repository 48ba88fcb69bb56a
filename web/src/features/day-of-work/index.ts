// The day of work (issue #31): each part exports what other features place on their screens.
export { CancelPlace } from './standby/CancelPlace';
export { TakePlace } from './standby/TakePlace';
export { MyPlaceActions } from './standby/MyPlaceActions';
export { RemoveFromMoba } from './standby/RemoveFromMoba';
export { MyReliability, ReliabilityFigures } from './standby/ReliabilityFigures';
export { ApplicantStandby } from './standby/ApplicantStandby';
