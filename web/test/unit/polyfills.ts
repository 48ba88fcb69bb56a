// Set up before every web unit test (jest.config.js setupFiles).
// jsdom lacks TextEncoder/TextDecoder, which react-router needs; Node's are the same API.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch either. Unit tests make no network calls (a test of the API layer passes its own
// fetchFn); this one fails loudly if something tries, and keeps RTK Query from warning at import.
if (typeof globalThis.fetch === 'undefined') {
  globalThis.fetch = () => Promise.reject(new Error('web unit tests make no network calls'));
}
