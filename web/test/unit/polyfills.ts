// jsdom lacks TextEncoder/TextDecoder, which react-router needs; Node's are the same API.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
