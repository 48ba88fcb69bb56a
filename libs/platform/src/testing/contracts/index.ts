export * from './bus-contract';
export * from './store-contract';
export * from './fanout-contract';
