import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { conversationKey, sendVoiceMessage } from '../../api/areas/messaging';
import { useI18n } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import styles from './Conversation.module.css';
import type { ConversationRef } from './imStore';
import { type LocalConversation, mergeMessages } from './rules';
import './texts';

/** The recording formats browsers give and the server takes (webm in Chromium, ogg in Firefox). */
export function recordingType(
  isSupported: (type: string) => boolean,
): { mime: string; type: 'webm' | 'ogg' } | undefined {
  if (isSupported('audio/webm')) return { mime: 'audio/webm', type: 'webm' };
  if (isSupported('audio/ogg')) return { mime: 'audio/ogg', type: 'ogg' };
  return undefined;
}

const noChanges = () => () => undefined;

/** Whether this browser can record a voice message in a format we accept. */
function canRecord(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia &&
    !!recordingType((type) => MediaRecorder.isTypeSupported(type))
  );
}

/** Records a voice message in the browser and sends it (user/sendVoiceMessage, multipart). */
export function VoiceRecorder({ conversation }: { conversation: ConversationRef }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  // False on the server and while a drawn page hydrates (it drew no button), then the browser's answer.
  const supported = useSyncExternalStore(noChanges, canRecord, () => false);

  useEffect(
    () => () => {
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );
  if (!supported) return null;

  const start = async () => {
    const format = recordingType((type) => MediaRecorder.isTypeSupported(type));
    if (!format) return;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(t('im.voice.denied'));
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream, { mimeType: format.mime });
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = async () => {
      for (const track of stream.getTracks()) track.stop();
      const file = new Blob(chunks, { type: format.mime });
      if (file.size === 0) return;
      try {
        const message = await sendVoiceMessage({
          conversationId: conversation.conversationId,
          conversationOwnerId: conversation.ownerId,
          file,
          type: format.type,
        });
        queryClient.setQueryData<LocalConversation>(conversationKey(conversation.conversationId), (c) =>
          c ? { ...c, messages: mergeMessages(c.messages, [message]) } : c,
        );
      } catch (error) {
        handleError(error);
      }
    };
    recorder.current = media;
    media.start();
    setRecording(true);
  };

  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  };

  return (
    <button
      type="button"
      className={styles.voice}
      data-recording={recording || undefined}
      aria-pressed={recording}
      aria-label={recording ? t('im.voice.stop') : t('im.voice.record')}
      onClick={recording ? stop : () => void start()}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d={
            recording
              ? 'M7 7h10v10H7z'
              : 'M12 14a3 3 0 0 0 3-3V5a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2Z'
          }
        />
      </svg>
    </button>
  );
}
