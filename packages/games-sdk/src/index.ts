export {
  createGameClient,
  type GameClient,
  type GameClientOptions,
  GameSdkError,
  type Transport,
} from './client';
export * from './protocol';
