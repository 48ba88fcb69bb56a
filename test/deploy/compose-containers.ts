/**
 * The service containers docker-compose.yml runs, sorted: two replicas each of vacancy, application
 * and notification, one of the others. The gateway is the one container more, in front of them all.
 */
export const COMPOSE_SERVICE_CONTAINERS = [
  'application-1',
  'application-2',
  'auth',
  'notification-1',
  'notification-2',
  'payment',
  'rating',
  'vacancy-1',
  'vacancy-2',
];
