/**
 * Closes sockets of sessions that just ended, without letting a bus that is down turn the
 * committed write (logout, password change, deletion) into an error. Not a push, so not
 * push/effects.ts: if the message is lost, the hub's session check closes those sockets within
 * SESSION_CHECK_MS anyway, since their sessions are gone from the database (push/hub.ts).
 */
export function closeSockets(closing: Promise<void>): Promise<void> {
  return closing.catch(() => {});
}
