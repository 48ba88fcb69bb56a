export { createGateway, type GatewayOptions } from './app';
export { createTokenStateReplica } from './token-state';
export { routeTable, createRouteMatcher, type RouteSpec, type ServiceName } from './route-table';
export { loadGatewayConfig } from './config';
