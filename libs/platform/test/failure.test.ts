import { isTransientFailure, TransientError } from '../src/bus/failure';
import { StoreUnavailableError } from '../src/store/document-store';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const named = (name: string, message = 'failed') => Object.assign(new Error(message), { name });

describe('telling an outage from a poison event', () => {
  test.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    [
      'a PostgreSQL that shuts down (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['a PostgreSQL connection failure (08006)', coded('08006')],
    ['an unreachable MongoDB', named('MongoServerSelectionError')],
    ['ioredis giving up on a command', named('MaxRetriesPerRequestError')],
    ['ioredis with a closed connection', new Error('Connection is closed.')],
    ['a Kafka request timeout', named('KafkaJSRequestTimeoutError')],
    ['our own TransientError', new TransientError('later')],
    [
      'a store that did not answer within its limits',
      new StoreUnavailableError('crews: a lock was not granted'),
    ],
    ['an error caused by a refused connection', new Error('query failed', { cause: coded('ECONNREFUSED') })],
    ['an AggregateError of refused connections', new AggregateError([coded('ECONNREFUSED')], 'connect')],
  ])('%s is transient', (_label, error) => {
    expect(isTransientFailure(error)).toBe(true);
  });

  test.each([
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique-key violation (23505)', coded('23505')],
    ['a coded domain error', coded('APPLICATION.ALREADY_APPLIED')],
    ['a failed schema check', named('ZodError')],
    ['nothing at all', undefined],
  ])('%s is poison', (_label, error) => {
    expect(isTransientFailure(error)).toBe(false);
  });
});
