/** The chat pages (everything under /chat/, where private-message toasts stay quiet). */
export const CHAT_PATHS = {
  list: '/chat/',
  /** The room page: `/chat/room/{roomId}`. */
  room: (roomId: number) => `/chat/room/${roomId}`,
} as const;
