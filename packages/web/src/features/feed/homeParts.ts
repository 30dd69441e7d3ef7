/**
 * The member home's two lazy parts of the feed chunk, the feed and the header's bell, through one
 * module: the bundler gives each lazily imported module of a chunk group a re-export file of its
 * own, one more request on every member's first visit (first-load.e2e.test.ts); one is enough.
 */
export { default as Feed } from './Feed';
export { default as NotificationsHeader } from './NotificationsHeader';
