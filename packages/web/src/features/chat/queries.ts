import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type ChatConfiguration, type ChatEntry, type ChatRoom, type User } from '@tertulia/contract';
import * as chatApi from '../../api/areas/chat';
import { keyOf } from '../../api/query';
import { lastTimestamp, mergeEntries } from './rules';

/** Query keys and hooks of the chat pages. */

export const c = api.chat;
export const configKey = keyOf(c.getChatConfiguration);
export const entriesKey = (roomId: number) => [c.getMessages.path, roomId] as const;
export const usersKey = (roomId: number) => [c.getUsersInChatRoom.path, roomId] as const;
export const bossesKey = (roomId: number) => [c.getChatRoomOwnerAndModerators.path, roomId] as const;
export const privateKey = (roomId: number) => [c.getPrivateMessages.path, roomId] as const;
export const unreadKey = (roomId: number) => [c.getUnreadPrivateMessagesCount.path, roomId] as const;
export const roomKey = (roomId: number) => [c.getRoom.path, roomId] as const;

export function useChatConfiguration() {
  return useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => chatApi.getChatConfiguration({}, { signal }),
    staleTime: 60_000,
  });
}

export function patchConfiguration(queryClient: QueryClient, patch: Partial<ChatConfiguration>) {
  queryClient.setQueryData<ChatConfiguration>(configKey, (old) => (old ? { ...old, ...patch } : old));
}

/**
 * The room's stream: the newest lines first time, then (after a push reconnect refetches) only
 * what came after the last one held, merged so nothing shows twice.
 */
export function useEntries(roomId: number, enabled: boolean) {
  return useQuery({
    queryKey: entriesKey(roomId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal, client }) => {
      const held = client.getQueryData<ChatEntry[]>(entriesKey(roomId));
      const after = lastTimestamp(held);
      const fresh = await chatApi.getMessages(
        after === undefined ? { roomId, maxNumberMessages: 100 } : { roomId, minTimestamp: after },
        { signal },
      );
      return mergeEntries(client.getQueryData<ChatEntry[]>(entriesKey(roomId)), fresh);
    },
  });
}

export function useRoomUsers(roomId: number, enabled: boolean) {
  return useQuery({
    queryKey: usersKey(roomId),
    enabled,
    queryFn: ({ signal }) => chatApi.getUsersInChatRoom({ roomId }, { signal }),
  });
}

export function useBosses(roomId: number, enabled = true) {
  return useQuery({
    queryKey: bossesKey(roomId),
    enabled,
    queryFn: ({ signal }) => chatApi.getChatRoomOwnerAndModerators({ roomId }, { signal }) as Promise<User[]>,
  });
}

export function usePrivateMessages(roomId: number, enabled: boolean) {
  return useQuery({
    queryKey: privateKey(roomId),
    enabled,
    queryFn: ({ signal }) => chatApi.getPrivateMessages({ roomId, maxNumberMessages: 200 }, { signal }),
  });
}

export function useUnreadPrivate(roomId: number, enabled: boolean) {
  return useQuery({
    queryKey: unreadKey(roomId),
    enabled,
    queryFn: ({ signal }) => chatApi.getUnreadPrivateMessagesCount({ roomId }, { signal }),
  });
}

export type RoomsTab = 'category' | 'nearMe' | 'popularity' | 'recent';

export function useRoomList(tab: RoomsTab, locale: string) {
  return useQuery({
    queryKey: tab === 'recent' ? keyOf(c.getRecentChatRooms) : [c.getRooms.path, tab, locale],
    // The counts move while the list is open.
    refetchInterval: 30_000,
    queryFn: ({ signal }): Promise<ChatRoom[]> =>
      tab === 'recent'
        ? chatApi.getRecentChatRooms({ limit: 20 }, { signal })
        : chatApi.getRooms({ sort: tab, limit: 100, ...(locale ? { locale } : {}) }, { signal }),
  });
}
