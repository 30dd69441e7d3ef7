import { useCallback, useEffect, useRef, useState } from 'react';

export type Facing = 'user' | 'environment';
/** Why the camera is not showing: none on the device, refused, busy elsewhere, or no browser support. */
export type CameraProblem = 'noCamera' | 'denied' | 'busy' | 'unsupported';

/** A getUserMedia failure in the words the page uses (DOMException names per the Media Capture spec). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/** Constraints for a phone-friendly stream: 720p at most, the chosen side's camera, voice-tuned audio. */
export function constraintsFor(facing: Facing): MediaStreamConstraints {
  return {
    video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
    audio: { echoCancellation: true, noiseSuppression: true },
  };
}

/**
 * The camera and microphone for the studio: opened on demand, the video re-opened on the other
 * side's camera when switched (a new stream with the same microphone track), stopped on unmount. `muted` disables the audio track (the recording keeps
 * its audio track, silent), so muting never restarts the recorder.
 */
export function useCamera() {
  const [stream, setStream] = useState<MediaStream>();
  const [facing, setFacing] = useState<Facing>('user');
  const [problem, setProblem] = useState<CameraProblem>();
  const [muted, setMuted] = useState(false);
  const [cameras, setCameras] = useState(0);
  const current = useRef<MediaStream | undefined>(undefined);
  const mutedRef = useRef(false);
  mutedRef.current = muted;

  const open = useCallback(async (side: Facing) => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return undefined;
    }
    try {
      // Switching sides asks for the new camera only and keeps the microphone as it is.
      const held = current.current;
      const audio = held?.getAudioTracks() ?? [];
      const wanted = constraintsFor(side);
      const fresh = await navigator.mediaDevices.getUserMedia(
        audio.length ? { video: wanted.video } : wanted,
      );
      for (const track of fresh.getAudioTracks()) track.enabled = !mutedRef.current;
      for (const track of held?.getVideoTracks() ?? []) track.stop();
      const next = new MediaStream([
        ...fresh.getVideoTracks(),
        ...(audio.length ? audio : fresh.getAudioTracks()),
      ]);
      current.current = next;
      setStream(next);
      setFacing(side);
      setProblem(undefined);
      const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
      setCameras(devices.filter((d) => d.kind === 'videoinput').length);
      return next;
    } catch (error) {
      setProblem(cameraProblemOf(error));
      return undefined;
    }
  }, []);

  const toggleMute = useCallback(() => {
    setMuted((was) => {
      for (const track of current.current?.getAudioTracks() ?? []) track.enabled = was;
      return !was;
    });
  }, []);

  useEffect(
    () => () => {
      for (const track of current.current?.getTracks() ?? []) track.stop();
      current.current = undefined;
    },
    [],
  );

  return { stream, facing, problem, muted, cameras, open, toggleMute };
}
