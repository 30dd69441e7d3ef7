export * from './user';
