import { useQueryClient } from '@tanstack/react-query';
import type { ChatEntry, ChatRoom, User } from '@tertulia/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import * as chatApi from '../../api/areas/chat';
import { pushDispatcher } from '../../api/dispatcher';
import { t } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { errorText } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import { entriesKey, privateKey, unreadKey, usersKey } from './queries';
import { applyRoomUser, mergeEntries, type RoomExit, roomTitle } from './rules';
import './texts';

/** A line in the stream that is not a message: someone came or went. */
export interface RoomNotice {
  key: string;
  timestamp: number;
  text: string;
}

// A leave waits a tick, so a remount of the same room (React's strict mode) cancels it.
const pendingLeave = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Being in a room: enterRoom on open, leaveRoom on leave; live entries and membership from the
 * push channel; a kick, block or deleted room sends the member back to the list with a notice.
 */
export function useRoomSession(roomId: number, me: number | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [room, setRoom] = useState<ChatRoom>();
  const [notices, setNotices] = useState<RoomNotice[]>([]);
  /** Members whose private lines arrived while their thread was not open. */
  const [unreadFrom, setUnreadFrom] = useState<ReadonlySet<number>>(new Set());
  const openThread = useRef<number | undefined>(undefined);
  const gone = useRef(false);
  const roomRef = useRef<ChatRoom | undefined>(undefined);
  roomRef.current = room;

  const exit = useCallback(
    (why: RoomExit) => {
      if (gone.current) return;
      gone.current = true;
      const name = roomRef.current ? roomTitle(roomRef.current) : '';
      toast.warning(t(`chat.exit.${why}`, { room: name }), { duration: 10_000 });
      navigate(CHAT_PATHS.list);
    },
    [navigate],
  );

  useEffect(() => {
    gone.current = false;
    const timer = pendingLeave.get(roomId);
    if (timer) clearTimeout(timer);
    pendingLeave.delete(roomId);
    let cancelled = false;
    chatApi.enterRoom({ roomId }).then(
      (entered) => {
        if (!cancelled) setRoom(entered);
      },
      (error) => {
        if (cancelled) return;
        gone.current = true;
        toast.error(errorText(error));
        navigate(CHAT_PATHS.list, { replace: true });
      },
    );
    return () => {
      cancelled = true;
      setRoom(undefined);
      if (gone.current) return;
      pendingLeave.set(
        roomId,
        setTimeout(() => {
          pendingLeave.delete(roomId);
          void chatApi.leaveRoom({ roomId }).catch(() => undefined);
        }, 50),
      );
    };
  }, [roomId, navigate]);

  useEffect(() => {
    const notice = (text: string) =>
      setNotices((list) => [
        ...list.slice(-49),
        { key: `${Date.now()}-${list.length}-${text}`, timestamp: Date.now(), text },
      ]);
    const off = [
      pushDispatcher.on('chatEntry', (e) => {
        if (e.roomId !== roomId) return;
        queryClient.setQueryData<ChatEntry[]>(entriesKey(roomId), (held) => mergeEntries(held, [e.entry]));
      }),
      pushDispatcher.on('chatRoomUser', (e) => {
        if (e.roomId !== roomId) return;
        queryClient.setQueryData<User[]>(usersKey(roomId), (users) => applyRoomUser(users, e, me).users);
        const why = applyRoomUser([], e, me).exit;
        if (why) return exit(why);
        if (e.user.uid !== me) notice(t(`chat.notice.${e.action}`, { name: e.user.name }));
      }),
      // A socket that was down long enough dropped the member from the room: enter again.
      pushDispatcher.on('hello', () => {
        if (gone.current || !roomRef.current) return;
        chatApi.enterRoom({ roomId }).then(setRoom, (error) => {
          gone.current = true;
          toast.error(errorText(error));
          navigate(CHAT_PATHS.list);
        });
      }),
      pushDispatcher.on('chatRoomDeleted', (e) => {
        if (e.roomId === roomId) exit('deleted');
      }),
      pushDispatcher.on('chatPrivateMessage', (e) => {
        if (e.roomId !== roomId) return;
        void queryClient.invalidateQueries({ queryKey: privateKey(roomId) });
        if (openThread.current === e.sender.uid) return;
        setUnreadFrom((set) => new Set([...set, e.sender.uid]));
        void queryClient.invalidateQueries({ queryKey: unreadKey(roomId) });
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [roomId, me, queryClient, exit, navigate]);

  /** The private thread shown now (undefined: none); opening one reads it. */
  const setOpenThread = useCallback((uid: number | undefined) => {
    openThread.current = uid;
    if (uid === undefined) return;
    setUnreadFrom((set) => {
      const next = new Set(set);
      next.delete(uid);
      return next;
    });
  }, []);

  return { room, setRoom, notices, unreadFrom, setOpenThread, exit };
}
