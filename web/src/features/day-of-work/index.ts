// Estate broadcasts (issue #31 point 5): the composer, the sent list with each recipient's state, the worker's text.
export { BroadcastComposer, type ComposerMoba } from './broadcast/BroadcastComposer';
export { BroadcastList } from './broadcast/BroadcastList';
export { broadcastText, type BroadcastWords } from './broadcast/broadcast-text';
export { useSendBroadcastMutation, useBroadcastReportQuery } from './broadcast/api';
