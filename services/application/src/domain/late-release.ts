/** The late-cancellation rule lives in @moba/contracts (the web warns with the same rule). */
export { DEFAULT_DAY_START, isLateRelease, localInstant, nextStart } from '@moba/contracts';
