// What `use-sync-external-store/shim` gives React before 18; the browser build reads this instead
// (scripts/lean-dependencies.ts).
export { useSyncExternalStore } from 'react';
